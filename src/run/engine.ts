import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EnvironmentProvider } from '../../harness/index.js';
import { createFsProvider } from '../../harness/environments/fs/index.js';
import { onExitCleanup } from '../../harness/process/index.js';
import { declaredHints, effectiveHints } from '../hints/effectiveHints.js';
import type { Report, Settings, ToolReport } from '../report/model.js';
import { checkTool } from './checkTool.js';
import type { EventSink } from './events.js';
import { exclusionOf } from './exclusion.js';
import { probe } from './probe.js';
import type { InProcessSpec } from './inProcessSession.js';
import { startInProcessSession } from './inProcessSession.js';
import type { ServerSpec } from './session.js';
import { startSession } from './session.js';
import { SessionPool } from './sessionPool.js';
import type { SessionStarter } from './sessionPool.js';
import { SetupError } from './setupError.js';

export interface CheckOptions {
  /** A command to spawn over stdio, or a factory of in-process servers (one per run). */
  readonly server: ServerSpec | InProcessSpec;
  /** The directory copied into each run's `{fs}`; an empty sandbox when absent. */
  readonly fsSeed?: string;
  /** Commands per tool. */
  readonly runs: number;
  readonly seed: number;
  /** Replay one fast-check path (requires exactly one tool in `tools`). */
  readonly path?: string;
  /** Check only these tools (all when absent). */
  readonly tools?: readonly string[];
  readonly timeoutSeconds: number;
  readonly ignore: readonly string[];
  /** The pause between the two calibration snapshots. */
  readonly calibrationMs: number;
  /** The command-line to show in the report (placeholders left in). */
  readonly commandLine: readonly string[];
  readonly replayCommand: (tool: string, seed: number, path: string) => string;
  /** Where run directories go; a fresh temp directory by default. */
  readonly workDirectory?: string;
}

/**
 * Checks every tool of a server and returns the report. Emits events as it goes; never prints. Throws
 * SetupError when nothing can be checked (the seed is missing, the server does not start, no tools).
 */
export async function runChecks(options: CheckOptions, emit: EventSink): Promise<Report> {
  const root = await mkdtemp(join(options.workDirectory ?? tmpdir(), 'hintproof-'));
  const providers: EnvironmentProvider[] = [];
  const unregister = onExitCleanup(() => rmSync(root, { recursive: true, force: true }));
  try {
    providers.push(await createProvider(options.fsSeed));
    const server = options.server;
    const start: SessionStarter =
      'inProcess' in server
        ? (directory) => startInProcessSession(server, providers, directory)
        : (directory) => startSession(server, providers, directory);
    await using pool = new SessionPool(start, root);
    const found = await probe(pool, options.calibrationMs);
    if (found.tools.length === 0) {
      throw new SetupError(
        `The server "${found.server.name}" lists no tools (tools/list returned an empty list), so there is nothing ` +
          'to check. Check that the command starts the server with the arguments and --env values that enable its tools.',
      );
    }
    const selected = selectTools(found.tools, options.tools);
    const settings: Settings = {
      runs: options.runs,
      seed: options.seed,
      timeoutSeconds: options.timeoutSeconds,
      maxCommands: 1,
      ignore: options.ignore,
      ...(options.path === undefined ? {} : { path: options.path }),
    };
    emit({
      type: 'start',
      server: found.server,
      settings,
      command: options.commandLine,
      tools: selected.map((tool) => {
        const declared = declaredHints(tool.annotations);
        return { name: tool.name, declared, effective: effectiveHints(declared) };
      }),
      ambient: found.ambient,
    });
    const isExcluded = exclusionOf(found.ambient, options.ignore);
    const tools: ToolReport[] = [];
    for (const tool of selected) {
      tools.push(
        await checkTool(tool, {
          pool,
          harvested: found.harvested,
          probePlaceholders: found.placeholders,
          runs: options.runs,
          seed: options.seed,
          ...(options.path === undefined ? {} : { path: options.path }),
          timeoutSeconds: options.timeoutSeconds,
          isExcluded,
          replayCommand: options.replayCommand,
          emit,
        }),
      );
    }
    const report: Report = {
      hintproof: options.server.clientVersion,
      server: found.server,
      settings,
      command: options.commandLine,
      ambient: found.ambient,
      tools,
    };
    emit({ type: 'end', report });
    return report;
  } finally {
    for (const provider of providers) await provider[Symbol.asyncDispose]();
    await rm(root, { recursive: true, force: true });
    unregister();
  }
}

async function createProvider(seed: string | undefined): Promise<EnvironmentProvider> {
  try {
    return await createFsProvider(seed === undefined ? {} : { seed });
  } catch (error) {
    throw new SetupError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

function selectTools<T extends { name: string }>(
  tools: readonly T[],
  wanted: readonly string[] | undefined,
): T[] {
  if (wanted === undefined || wanted.length === 0) return [...tools];
  const missing = wanted.filter((name) => !tools.some((tool) => tool.name === name));
  if (missing.length > 0) {
    throw new SetupError(
      `--tool ${missing.map((name) => `"${name}"`).join(', ')}: no such tool. The server lists: ` +
        `${tools.map((tool) => tool.name).join(', ')}.`,
    );
  }
  return tools.filter((tool) => wanted.includes(tool.name));
}
