import { tmpdir } from 'node:os';
import type { EnvironmentProvider } from '../../harness/index.js';
import { createWorkRoot, removeTree, removeTreeSync } from '../../harness/index.js';
import { createFsProvider } from '../../harness/environments/fs/index.js';
import type { PgProviderOptions } from '../../harness/environments/postgres/index.js';
import { createSqliteProvider } from '../../harness/environments/sqlite/index.js';
import { createPgProvider } from '../../harness/environments/postgres/index.js';
import { onExitCleanup } from '../../harness/process/index.js';
import type { Baseline } from '../baseline/baselineFile.js';
import type { ToolSettings } from '../config/defineConfig.js';
import { compareBaseline } from '../baseline/compareBaseline.js';
import type { PackageInfo, Report } from '../model/report.js';
import type { EventSink } from '../model/events.js';
import { isolationPlan } from './isolationPlan.js';
import { BLIND_REASON, blindReport, isBlind } from './blindness.js';
import { defaultJobs } from './checkInOrder.js';
import { checkAll } from './checkAll.js';
import { SessionPool } from './sessionPool.js';
import { SettleLog } from './settleLog.js';
import type { ProbeResult } from './probe.js';
import type { InProcessSpec } from './inProcessSession.js';
import { startInProcessSession } from './inProcessSession.js';
import type { ServerSpec } from './session.js';
import { startSession } from './session.js';
import type { SessionStarter } from './sessionPool.js';
import { SetupError } from '../model/setupError.js';
import { parseIgnorePatterns } from './ignorePattern.js';

export interface CheckOptions {
  /** A command to spawn over stdio, or a factory of in-process servers (one per run). */
  readonly server: ServerSpec | InProcessSpec;
  /** The directory copied into each run's `{fs}`; an empty sandbox when absent. */
  readonly fsSeed?: string;
  /** The directory copied into each run's private HOME (`{home}`); an empty HOME when absent. */
  readonly homeSeed?: string;
  /** A SQLite database per run in `{fs}` (`{sqlite}`), made from this .sql script or database file. */
  readonly sqliteSeed?: string;
  /** A Postgres database per run (`{pg}`), seeded from `pg.seed`; no database when absent. */
  readonly pg?: PgProviderOptions;
  /** Commands per tool. */
  readonly runs: number;
  /** Calls a session makes before a fresh one is started (default `DEFAULTS.maxCommands`; 1: each run fresh). */
  readonly maxCommands?: number;
  /** Tools checked at once, each in its own sessions (default: the CPU count, at most 4). */
  readonly jobs?: number;
  readonly seed: number;
  /** Replay one fast-check path (requires exactly one tool in `tools`). */
  readonly path?: string;
  /** Check only these tools (all when absent). */
  readonly tools?: readonly string[];
  readonly timeoutSeconds: number;
  readonly ignore: readonly string[];
  /** The pause between the two calibration snapshots. */
  readonly calibrationMs: number;
  /** The server's own reads read around every call, at most (default `DEFAULTS.maxObservers`; 0: none). */
  readonly maxObservers?: number;
  /** Milliseconds a call's end waits at most for what it started in the server (default `DEFAULTS.settleMax`). */
  readonly settleMaxMs?: number;
  /** Tools checked at most; more is refused unless `--tool` chooses (default `DEFAULTS.maxTools`). */
  readonly maxTools?: number;
  /** The command-line to show in the report (placeholders left in). */
  readonly commandLine: readonly string[];
  /** The package a launcher command named (`npx -y pkg`), installed before the run: named in the report. */
  readonly package?: PackageInfo;
  /** The command that replays one counterexample (`producers`: the preamble candidates it was found with). */
  readonly replayLine: (tool: string, seed: number, path: string, producers?: readonly string[]) => string;
  /** `--producers`: the tools preambles draw on, fixed; learned during the check when absent. */
  readonly producers?: readonly string[];
  /** Run a spawned server under bubblewrap when the machine can (default true). */
  readonly isolation?: boolean;
  /** Per-tool runs and fixed arguments (from a config file). */
  readonly toolSettings?: Readonly<Record<string, ToolSettings>>;
  /** A behaviour baseline to compare with: the report's `drift` lists what moved. */
  readonly baseline?: Baseline;
  /** Where run directories go; a fresh temp directory by default. */
  readonly workDirectory?: string;
  /**
   * `false`: arguments from the schemas alone: no harvested values, and every command alone on a fresh
   * sandbox (no preambles, no values from earlier calls): the bench's baseline. Default true.
   */
  readonly pools?: boolean;
  /**
   * Stops the check: once it fires, no run starts and no contradiction is confirmed or shrunk, and runChecks
   * rejects with its reason after every session is closed. No report: verdicts on part of the budget would
   * not be the check's.
   */
  readonly signal?: AbortSignal;
}

/**
 * Checks every tool of a server and returns the report. Emits events as it goes; never prints. Throws
 * SetupError when nothing can be checked (the seed is missing, the server does not start, no tools).
 */
export async function runChecks(options: CheckOptions, emit: EventSink): Promise<Report> {
  parseIgnorePatterns(options.ignore);
  const root = await createWorkRoot(options.workDirectory ?? tmpdir());
  const providers: EnvironmentProvider[] = [];
  const unregister = onExitCleanup(() => removeTreeSync(root));
  try {
    providers.push(
      await createProvider(() =>
        createFsProvider(options.fsSeed === undefined ? {} : { seed: options.fsSeed }),
      ),
    );
    // The server's private HOME and TMPDIR, observed like {fs} (`home:.app/config.json`).
    providers.push(
      await createProvider(() =>
        createFsProvider({
          environment: 'home',
          ...(options.homeSeed === undefined ? {} : { seed: options.homeSeed }),
        }),
      ),
      await createProvider(() => createFsProvider({ environment: 'tmp' })),
    );
    const sqliteSeed = options.sqliteSeed;
    if (sqliteSeed !== undefined)
      providers.push(await createProvider(() => createSqliteProvider({ seed: sqliteSeed })));
    const plan = isolationPlan({
      wanted: options.isolation !== false,
      inProcess: 'inProcess' in options.server,
    });
    // The embedded cluster is contained as the server is: an isolated server gets a sandboxed cluster.
    const pg = options.pg === undefined ? undefined : { ...options.pg, sandbox: plan.spawn?.mechanism };
    const pgProvider = pg === undefined ? undefined : await createProvider(() => createPgProvider(pg));
    if (pgProvider !== undefined) providers.push(pgProvider);
    const server =
      'inProcess' in options.server || plan.isolation === 'none'
        ? options.server
        : { ...options.server, isolation: plan.spawn };
    const settle = new SettleLog(options.settleMaxMs);
    // An in-process server's timers are hintproof's own: nothing says what a call left for later.
    if ('inProcess' in server) settle.unobservable();
    const start: SessionStarter =
      'inProcess' in server
        ? (directory) => startInProcessSession(server, providers, directory)
        : (directory) => startSession(server, providers, directory, settle);
    // With Postgres, tools share one cluster: a role one session's server makes is cluster-wide, and a session
    // beside it would see it appear during its own call. One at a time by default; --jobs N is the user's call.
    const jobs = options.jobs ?? (pg === undefined ? defaultJobs() : 1);
    const pool = new SessionPool(start, root, jobs);
    let checkedAll: Awaited<ReturnType<typeof checkAll>>;
    try {
      checkedAll = await checkAll(
        pool,
        options,
        pgProvider === undefined ? plan : { ...plan, postgres: pgProvider.access },
        jobs,
        emit,
      );
    } finally {
      // Every run's sandbox is gone before the report, so what the server made outside them is found next.
      await pool[Symbol.asyncDispose]();
    }
    options.signal?.throwIfAborted();
    const { found, settings, checked } = checkedAll;
    // A check that saw nothing change and met no state anywhere confirms no claim about state.
    const blind = isBlind(checked);
    const tools = blind ? checked.map(blindReport) : checked;
    const createdDatabases = (await pgProvider?.sweep()) ?? [];
    const report: Report = {
      hintproof: options.server.clientVersion,
      server: found.server,
      settings: { ...settings, settle: settle.summary() },
      command: options.commandLine,
      ...(options.package === undefined ? {} : { package: options.package }),
      ambient: found.ambient,
      ...(found.startupEgress.length > 0 ? { startupEgress: found.startupEgress } : {}),
      ...(blind ? { blind: BLIND_REASON } : {}),
      ...observersReport(found.observers),
      tools,
      ...(found.duplicates.length > 0 ? { duplicateTools: found.duplicates } : {}),
      ...(options.baseline === undefined
        ? {}
        : {
            drift: compareBaseline(
              restrictBaseline(
                options.baseline,
                options.tools === undefined ? undefined : tools.map((tool) => tool.name),
              ),
              tools,
            ),
          }),
      ...(createdDatabases.length === 0 ? {} : { createdDatabases }),
    };
    emit({ type: 'end', report });
    return report;
  } finally {
    for (const provider of providers) await provider[Symbol.asyncDispose]();
    await removeTree(root);
    unregister();
  }
}

/** With `--tool`, only the tools checked are compared with the baseline (the others were not run). */
function restrictBaseline(baseline: Baseline, tools: readonly string[] | undefined): Baseline {
  if (tools === undefined || tools.length === 0) return baseline;
  return {
    ...baseline,
    tools: Object.fromEntries(Object.entries(baseline.tools).filter(([name]) => tools.includes(name))),
  };
}

async function createProvider<P extends EnvironmentProvider>(create: () => Promise<P>): Promise<P> {
  try {
    return await create();
  } catch (error) {
    throw new SetupError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** The report's `observers`: which reads showed the server's state, and which were left out and why. */
function observersReport(calibration: ProbeResult['observers']): Pick<Report, 'observers'> {
  const dropped = calibration.dropped.map(({ observer, reason }) => ({
    name: observer.name,
    kind: observer.kind,
    reason,
  }));
  if (calibration.observers.length === 0 && dropped.length === 0 && calibration.problem === undefined)
    return {};
  return {
    observers: {
      used: calibration.observers.map(({ name, kind }) => ({ name, kind })),
      dropped,
      ...(calibration.problem === undefined ? {} : { problem: calibration.problem }),
    },
  };
}
