import type {
  EnvironmentProvider,
  IsolatedAccess,
  Sandbox,
  SandboxSnapshot,
} from '../../../harness/index.js';
import { createSandbox } from '../../../harness/index.js';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  DiskGuard,
  EgressAttempt,
  EgressReader,
  ServerProcess,
  SpawnOptions,
} from '../../../harness/process/index.js';
import {
  createEgressReader,
  DEFAULT_DISK_LIMIT,
  detectIsolation,
  findExecutable,
  guardDisk,
  insidePath,
  isolatedSpawn,
  ThreadReader,
  TreeActivity,
  ProcessTree,
  prepareLayout,
  releaseLayout,
  SpawnError,
  serverEnvironment,
  spawnServer,
  tracedSpawn,
  waitAtMost,
} from '../../../harness/process/index.js';
import { connect, ProcessTransport } from '../../mcp/index.js';
import { awaitingCallProcesses } from './callProcesses.js';
import type { McpConnection, ToolInfo } from '../../mcp/index.js';
import { packageOverlays, runFromCopy } from './packageCopy.js';
import { substitute } from './placeholders.js';
import { serverFiles } from './serverFiles.js';
import { settlingCalls } from './settleCalls.js';
import type { SettleLog } from './settleLog.js';
import type { TimerRhythms } from './timerRhythms.js';
import { startupFailure } from './startupFailure.js';
import type { ServerSpec } from './serverSpec.js';

/**
 * One run's world: a fresh sandbox, a fresh server process started in it, an initialised client, the tools it
 * listed, and the baseline snapshot taken after all that (files a server creates at start-up are not blamed
 * on its first tool).
 */
export interface RunSession extends AsyncDisposable {
  readonly sandbox: Sandbox;
  readonly connection: McpConnection;
  readonly tools: readonly ToolInfo[];
  readonly baseline: SandboxSnapshot;
  readonly placeholders: Readonly<Record<string, string>>;
  /** When the session was ready (`performance.now()`, after initialize and tools/list): its age is measured from it. */
  readonly startedAt: number;
  /** False once the server process has exited or been killed. */
  alive(): boolean;
  /** Kills the server's whole process tree (after a time-out or crash); the sandbox stays for a last snapshot. */
  kill(): Promise<void>;
  /** The attempts to reach outside the sandbox since the previous call (always empty when not traced). */
  egress(): Promise<readonly EgressAttempt[]>;
  /**
   * The attempts the server made from its start up to the last `egress()`, by destination (`destinationKey`),
   * repeats included (absent when not traced): a call's run and its control run compared over the same life.
   */
  egressCounted?(): ReadonlyMap<string, number>;
  /** Why the server stopped, once it has and hintproof knows why (the disk guard's reason). */
  stopReason?(): string | undefined;
  /**
   * Offers the values a call answered with (ids), and the uris of resources that appeared in the listing, to
   * the session's value observers (see `ValueWatch`); true when it read anything, after which the state just
   * before the next call must be snapshotted again.
   */
  watchValues?(values: readonly string[], uris?: readonly string[]): Promise<boolean>;
}

/**
 * The last step of starting any session: list the tools, then take the baseline snapshot (after initialize
 * and tools/list, so that what a server does at start-up is not blamed on its first tool).
 */
export async function openSession(
  sandbox: Sandbox,
  connection: McpConnection,
  hooks: Pick<RunSession, 'alive' | 'kill' | 'egress' | 'egressCounted' | 'stopReason'> & {
    dispose: () => Promise<void>;
    /** The placeholders the server was given, when they differ from the sandbox's (an isolated pg run). */
    placeholders?: Readonly<Record<string, string>>;
  },
): Promise<RunSession> {
  const tools = await connection.listTools();
  const startedAt = performance.now();
  const baseline = await sandbox.snapshot();
  const { dispose, placeholders, ...rest } = hooks;
  return {
    startedAt,
    sandbox,
    connection,
    tools,
    baseline,
    placeholders: placeholders ?? sandbox.placeholders,
    ...rest,
    [Symbol.asyncDispose]: dispose,
  };
}

export async function startSession(
  spec: ServerSpec,
  providers: readonly EnvironmentProvider[],
  directory: string,
  /**
   * How calls settle (`settlingCalls`): the check's log of what settling cost, and the server's rhythms learned
   * so far in the check (see `TimerRhythms`), shared by its sessions; calls do not settle when absent.
   */
  settling?: { readonly log: SettleLog; readonly rhythms: TimerRhythms },
): Promise<RunSession> {
  const sandbox = await createSandbox(directory, providers);
  // Beside the run directory, not in it: hidden from the server, which cannot forge it (a FIFO: never on disk).
  const egressTrace = `${directory}.egress`;
  // Beside it too: the sockets through which an isolated server reaches the sandbox's services.
  const gate = `${directory}.gate`;
  const isolation = spec.isolation;
  let egress: EgressReader | undefined;
  let access: IsolatedAccess | undefined;
  let guard: DiskGuard | undefined;
  let server: ServerProcess | undefined;
  let connection: McpConnection | undefined;
  let tree: ProcessTree | undefined;
  let threads: ThreadReader | undefined;
  let activity: TreeActivity | undefined;
  /** Egress a call attempted before and while its settle waited for timers (see `TimerWait`). */
  const heldBack: EgressAttempt[] = [];
  const dispose = async () => {
    guard?.stop();
    tree?.[Symbol.dispose]();
    threads?.[Symbol.dispose]();
    activity?.[Symbol.dispose]();
    await connection?.close().catch(() => {});
    await server?.kill();
    await access?.[Symbol.asyncDispose]();
    await sandbox[Symbol.asyncDispose]();
    egress?.close();
    await rm(egressTrace, { force: true });
    if (isolation) {
      await rm(gate, { recursive: true, force: true });
      await releaseLayout(directory);
    }
  };
  try {
    if (isolation) access = await sandbox.isolate(gate);
    // The gates' sockets are the sandbox's own way to its services: never egress.
    if (isolation?.traceEgress)
      egress = await createEgressReader(egressTrace, {
        gates: (access?.mounts ?? []).map((mount) => mount.inside),
      });
    const placeholders = access?.placeholders ?? sandbox.placeholders;
    const plain = {
      command: substitute(spec.command, placeholders),
      args: spec.args.map((arg) => substitute(arg, placeholders)),
      cwd: placeholders.fs ?? directory,
      // The private HOME and TMPDIR are the server's, isolated or not: what it writes there is observed.
      env: serverEnvironment(process.env, {
        HOME: placeholders.home ?? join(directory, 'home'),
        TMPDIR: placeholders.tmp ?? join(directory, 'tmp'),
        ...Object.fromEntries(Object.entries(spec.env).map(([k, v]) => [k, substitute(v, placeholders)])),
      }),
    };
    if (!isolation) {
      await mkdir(plain.env.HOME as string, { recursive: true });
      await mkdir(plain.env.TMPDIR as string, { recursive: true });
    }
    const pkg = sandbox.placeholders.pkg;
    const copy =
      spec.ownPackage === undefined || pkg === undefined
        ? undefined
        : { installed: spec.ownPackage, copy: pkg };
    let spawned: SpawnOptions = isolation ? plain : await runFromCopy(plain, copy);
    if (isolation) {
      const executable = findExecutable(plain.command, plain.cwd, plain.env.PATH);
      const inside = (path: string) => insidePath(path, spec.relocate);
      await prepareLayout(directory);
      spawned = isolatedSpawn(
        {
          ...plain,
          command: inside(executable) === executable ? plain.command : inside(executable),
          args: plain.args.map(inside),
        },
        {
          runDirectory: directory,
          readOnly: [
            ...serverFiles(executable, plain.args, directory).filter((path) => inside(path) === path),
            ...(spec.readOnly ?? []),
          ],
          // The gates' sockets are the sandbox's services (shown as they are); a relocated package is not.
          mounts: [
            ...(access?.mounts ?? []).map((mount) => ({ ...mount, service: true })),
            ...(spec.relocate === undefined ? [] : [spec.relocate]),
          ],
          overlays: packageOverlays(copy, spec.relocate),
          relays: access?.relays ?? [],
        },
        isolation.mechanism ?? availableMechanism(),
      );
    }
    server = await spawnServer(isolation?.traceEgress ? tracedSpawn(spawned, egressTrace) : spawned);
    const running = server;
    // The file-size limit alone would let a server fill the disk with many files: stop it past the limit.
    if (isolation)
      guard = guardDisk(directory, isolation.disk ?? DEFAULT_DISK_LIMIT, () => void running.kill());
    const transport = new ProcessTransport(running);
    try {
      const connected = await connect(transport, {
        ...(spec.client === undefined ? {} : { client: spec.client }),
        startupTimeoutSeconds: spec.startupTimeoutSeconds,
        isAlive: () => running.exitStatus() === undefined,
        closeReason: () => guard?.exceeded() ?? transport.closeReason(),
        stderrTail: () => running.stderrTail(),
        bytesReceived: () => transport.bytesReceived(),
      });
      tree = new ProcessTree(running.pid);
      const below = tree;
      const awaited = awaitingCallProcesses(connected, () => below.descendants());
      const reader = egress;
      connection =
        settling === undefined
          ? awaited
          : settlingCalls(awaited, {
              threads: threadsOf(running.pid, below, (threads = new ThreadReader()), settling.log),
              log: settling.log,
              rhythms: settling.rhythms,
              ...(reader === undefined
                ? {}
                : {
                    timerWait: async (wait) => {
                      // What came before a timer the settle waits for is the call's, and so is what its firing
                      // attempts (see `TimerWait`): the control run sets the server's own rhythm aside.
                      heldBack.push(...(await reader.read()));
                      await wait();
                      const fired = await reader.read();
                      heldBack.push(...fired);
                      return fired.length > 0;
                    },
                  }),
              activity: activityOf(running.pid, below, (activity = new TreeActivity())),
            });
    } catch (error) {
      // Give a dying server a moment to exit, so its status and stderr are complete.
      await waitAtMost(running.exited, 200);
      const attempts = egress ? await egress.read() : [];
      throw startupFailure(spec, running, transport.garbage(), error, {
        egress: attempts,
        sandbox: directory,
      });
    }
    const traced = egress;
    try {
      return await openSession(sandbox, connection, {
        alive: () => running.exitStatus() === undefined,
        kill: () => running.kill(),
        egress: async () => {
          const attempts = [...heldBack, ...(egress ? await egress.read() : [])];
          heldBack.length = 0;
          return attempts;
        },
        ...(traced === undefined ? {} : { egressCounted: () => traced.counted() }),
        stopReason: () => guard?.exceeded(),
        dispose,
        placeholders,
      });
    } catch (error) {
      // A server that dies right after initialize (a service it needs refused it) is a start-up failure.
      await waitAtMost(running.exited, 200);
      if (running.exitStatus() === undefined) throw error;
      const attempts = egress ? await egress.read() : [];
      throw startupFailure(spec, running, [], error, {
        egress: attempts,
        stage: 'tools/list',
        sandbox: directory,
      });
    }
  } catch (error) {
    await dispose();
    if (error instanceof SpawnError) throw startupFailure(spec, undefined, [], error);
    throw error;
  }
}

/** What the server's process tree has done so far (see `TreeActivity`). */
function activityOf(root: number, tree: ProcessTree, reader: TreeActivity) {
  return () => reader.read([root, ...tree.descendants()]);
}

/** What every thread of the server's process tree is doing (see `ThreadReader`); unreadable here: said once. */
function threadsOf(root: number, tree: ProcessTree, reader: ThreadReader, log: SettleLog) {
  return () => {
    const work = reader.read([root, ...tree.descendants()]);
    if (work === undefined) log.unobservable();
    return work;
  };
}

function availableMechanism(): 'bubblewrap' | 'unshare' {
  return detectIsolation().kind === 'unshare' ? 'unshare' : 'bubblewrap';
}
