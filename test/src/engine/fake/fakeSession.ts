import { setTimeout as sleep } from 'node:timers/promises';
import type { EgressAttempt } from '../../../../harness/process/index.js';
import { destinationKey } from '../../../../harness/process/index.js';
import type { McpConnection, ToolInfo } from '../../../../src/mcp/index.js';
import type { CallOutcome } from '../../../../src/model/callOutcome.js';
import type { RunSession } from '../../../../src/engine/session/session.js';
import { SessionPool } from '../../../../src/engine/session/sessionPool.js';
import { fakeSandbox } from './fakeSandbox.js';
import type { FakeServer, FakeWorld } from './fakeServer.js';
import { NAME_SCHEMA } from './fakeServer.js';

/**
 * A session whose server is `server`'s function model and whose sandbox is its in-memory state (a fresh copy
 * of the seed): no process, no disk. Calls answer after their tool's `durationMs` (at once by default); a
 * `{ hang: true }` answer is a time-out, after which the engine kills the server (no further answers: `crashed`). Egress is what handlers `reach`, read once
 * like strace's trace, and counted over the server's life; a background loop's attempts are those due by
 * the time egress is read. Pings answer at once (no thread to wait for).
 */
async function startFakeSession(
  server: FakeServer,
  world: FakeWorld,
  directory: string,
): Promise<RunSession> {
  world.instances++;
  const fs = `${directory}/fs`;
  const state = new Map(Object.entries(server.seed ?? {}));
  const calls = new Map<string, number>();
  const pending: EgressAttempt[] = [];
  const counted = new Map<string, number>();
  let alive = true;
  const reach = (destination: string) => {
    const attempt: EgressAttempt = { kind: 'connect', destination, result: 'ENETUNREACH' };
    pending.push(attempt);
    counted.set(destinationKey(attempt), (counted.get(destinationKey(attempt)) ?? 0) + 1);
  };
  for (const destination of server.startupReach ?? []) reach(destination);
  const born = performance.now();
  let retried = 0;
  /** The background attempts due by now (read lazily: the fake has no timers of its own). */
  const background = () => {
    const loop = server.background;
    if (loop === undefined) return;
    for (const due = Math.floor((performance.now() - born) / loop.everyMs); retried < due; retried++)
      reach(loop.destination);
  };
  const tools: ToolInfo[] = server.tools.map((tool) => ({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema: tool.inputSchema ?? NAME_SCHEMA,
    annotations: tool.annotations,
    ...(tool.tasksOnly === true ? { tasksOnly: true as const } : {}),
  }));
  const callTool = async (
    name: string,
    args: Record<string, unknown>,
    seconds: number,
  ): Promise<CallOutcome> => {
    if (!alive) return { status: 'crashed', message: 'the server is not running' };
    const tool = server.tools.find((candidate) => candidate.name === name);
    if (tool === undefined) return { status: 'rejected', message: `Tool ${name} not found` };
    if (tool.durationMs !== undefined) {
      await sleep(tool.durationMs);
      background();
    }
    const made = (calls.get(name) ?? 0) + 1;
    calls.set(name, made);
    const ever = (world.calls.get(name) ?? 0) + 1;
    world.calls.set(name, ever);
    const answer = tool.handler(args, { state, fs, calls: made, everCalls: ever, reach });
    if (typeof answer === 'string')
      return Promise.resolve({ status: 'returned', isError: false, text: answer });
    if ('hang' in answer) return Promise.resolve({ status: 'timeout', seconds });
    return Promise.resolve({ status: 'returned', isError: true, text: answer.error });
  };
  const connection: McpConnection = {
    server: { name: 'fake', version: '1.0.0' },
    listTools: () => Promise.resolve(tools),
    callTool,
    listResources: () => Promise.resolve([]),
    listResourceTemplates: () => Promise.resolve([]),
    readResource: (uri) => Promise.resolve({ status: 'rejected', message: `no resource ${uri}` }),
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
    [Symbol.asyncDispose]: () => Promise.resolve(),
  };
  const sandbox = fakeSandbox(() => state, fs);
  return {
    sandbox,
    connection,
    tools,
    // Taken after start-up and tools/list, as `openSession` takes it.
    baseline: await sandbox.snapshot(),
    placeholders: sandbox.placeholders,
    startedAt: performance.now(),
    alive: () => alive,
    kill: () => {
      alive = false;
      return Promise.resolve();
    },
    egress: () => {
      background();
      return Promise.resolve(pending.splice(0));
    },
    egressCounted: () => {
      background();
      return new Map(counted);
    },
    [Symbol.asyncDispose]: () => {
      alive = false;
      return Promise.resolve();
    },
  };
}

/** A pool of fake sessions of `server` (`spares` kept prepared, as `--jobs` would). */
export function fakePool(server: FakeServer, world: FakeWorld, spares = 1): SessionPool {
  return new SessionPool((directory) => startFakeSession(server, world, directory), '/fake', spares);
}
