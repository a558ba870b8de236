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
import { declaredHints, effectiveHints } from '../hints/effectiveHints.js';
import type { PackageInfo, Report, Settings, ToolReport } from '../model/report.js';
import { checkTool } from './checkTool.js';
import type { EventSink } from '../model/events.js';
import { exclusionOf } from './exclusion.js';
import { isolationPlan } from './isolationPlan.js';
import type { IsolationPlan } from './isolationPlan.js';
import { BLIND_REASON, blindReport, isBlind } from './blindness.js';
import { checkInOrder, defaultJobs } from './checkInOrder.js';
import { HandedSession } from './handedSession.js';
import { SessionPool } from './sessionPool.js';
import { parseSessionPath } from './sessionPath.js';
import type { SessionPath } from './sessionPath.js';
import type { ToolInfo } from '../mcp/index.js';
import { probe } from './probe.js';
import type { ProbeResult } from './probe.js';
import { observingSession } from './observingSession.js';
import { placesNamed } from './placesNamed.js';
import type { InProcessSpec } from './inProcessSession.js';
import { startInProcessSession } from './inProcessSession.js';
import type { ServerSpec } from './session.js';
import { startSession } from './session.js';
import type { SessionStarter } from './sessionPool.js';
import { SetupError } from '../model/setupError.js';
import { DEFAULTS } from '../model/defaults.js';

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
}

/**
 * Checks every tool of a server and returns the report. Emits events as it goes; never prints. Throws
 * SetupError when nothing can be checked (the seed is missing, the server does not start, no tools).
 */
export async function runChecks(options: CheckOptions, emit: EventSink): Promise<Report> {
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
    const pg = options.pg;
    const pgProvider = pg === undefined ? undefined : await createProvider(() => createPgProvider(pg));
    if (pgProvider !== undefined) providers.push(pgProvider);
    const plan = isolationPlan({
      wanted: options.isolation !== false,
      inProcess: 'inProcess' in options.server,
    });
    const server =
      'inProcess' in options.server || plan.isolation === 'none'
        ? options.server
        : { ...options.server, isolation: plan.spawn };
    const start: SessionStarter =
      'inProcess' in server
        ? (directory) => startInProcessSession(server, providers, directory)
        : (directory) => startSession(server, providers, directory);
    // With Postgres, tools share one cluster: a role one session's server makes is cluster-wide, and a session
    // beside it would see it appear during its own call. One at a time by default; --jobs N is the user's call.
    const jobs = options.jobs ?? (pg === undefined ? defaultJobs() : 1);
    const pool = new SessionPool(start, root, jobs);
    let checkedAll: Awaited<ReturnType<typeof checkAll>>;
    try {
      checkedAll = await checkAll(pool, options, plan, jobs, emit);
    } finally {
      // Every run's sandbox is gone before the report, so what the server made outside them is found next.
      await pool[Symbol.asyncDispose]();
    }
    const { found, settings, checked } = checkedAll;
    // A check that saw nothing change and met no state anywhere confirms no claim about state.
    const blind = isBlind(checked);
    const tools = blind ? checked.map(blindReport) : checked;
    const createdDatabases = (await pgProvider?.sweep()) ?? [];
    const report: Report = {
      hintproof: options.server.clientVersion,
      server: found.server,
      settings,
      command: options.commandLine,
      ...(options.package === undefined ? {} : { package: options.package }),
      ambient: found.ambient,
      ...(found.startupEgress.length > 0 ? { startupEgress: found.startupEgress } : {}),
      ...(blind ? { blind: BLIND_REASON } : {}),
      ...observersReport(found.observers),
      tools,
      ...(options.baseline === undefined
        ? {}
        : { drift: compareBaseline(restrictBaseline(options.baseline, options.tools), tools) }),
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

/**
 * The probe, then every selected tool's check (`jobs` at a time), all in sessions from `pool`; sessions after
 * the probe also read the server's own view of its state around each call.
 */
async function checkAll(
  pool: SessionPool,
  options: CheckOptions,
  plan: IsolationPlan,
  jobs: number,
  emit: EventSink,
): Promise<{ found: ProbeResult; settings: Settings; checked: ToolReport[] }> {
  const found = await probe(pool, options.calibrationMs, options.timeoutSeconds, options.maxObservers);
  pool.view((session) => observingSession(session, found.observers));
  // The probe's session, when nothing but time passed in it, is the first session of the server's first tool
  // (that tool, whatever --tool or --jobs: a replay of it gets the same); else it is released.
  const handed = new HandedSession(pool, found.session);
  try {
    return await checkFound(pool, options, plan, jobs, emit, found, handed);
  } finally {
    handed.drop();
  }
}

/** `checkAll` once the probe is done: every selected tool's check, the first tool offered the probe's session. */
async function checkFound(
  pool: SessionPool,
  options: CheckOptions,
  plan: IsolationPlan,
  jobs: number,
  emit: EventSink,
  found: ProbeResult,
  handed: HandedSession,
): Promise<{ found: ProbeResult; settings: Settings; checked: ToolReport[] }> {
  if (found.tools.length === 0) {
    throw new SetupError(
      `The server "${found.server.name}" lists no tools (tools/list returned an empty list), so there is nothing ` +
        'to check. Check that the command starts the server with the arguments and --env values that enable its tools.',
    );
  }
  const selected = selectTools(found.tools, options.tools);
  if (options.producers !== undefined) selectTools(found.tools, options.producers, '--producers');
  const maxCommands = options.maxCommands ?? DEFAULTS.maxCommands;
  const path = options.path === undefined ? undefined : parsePath(options.path);
  const settings: Settings = {
    runs: options.runs,
    seed: options.seed,
    timeoutSeconds: options.timeoutSeconds,
    maxCommands,
    ignore: options.ignore,
    ...(options.path === undefined ? {} : { path: options.path }),
    isolation: plan.isolation,
    ...(plan.note === undefined ? {} : { isolationNote: plan.note }),
    ...(plan.unobserved === undefined ? {} : { unobserved: plan.unobserved }),
  };
  emit({
    type: 'start',
    server: found.server,
    settings,
    command: options.commandLine,
    ...(options.package === undefined ? {} : { package: options.package }),
    tools: selected.map((tool) => {
      const declared = declaredHints(tool.annotations);
      return { name: tool.name, declared, effective: effectiveHints(declared) };
    }),
    ambient: found.ambient,
  });
  const isExcluded = exclusionOf(found.ambient, options.ignore);
  const sessionCalls = maxCommands <= 1 ? 0 : maxCommands;
  const firstTool = found.tools[0]?.name;
  const checkOne = (tool: ToolInfo, emitTool: EventSink) =>
    checkTool(tool, {
      ...(tool.name === firstTool && options.pools !== false && sessionCalls > 0
        ? { firstSession: handed.take }
        : {}),
      pool,
      tools: found.tools,
      harvested: options.pools === false ? [] : placesNamed(found.harvested, serverWords(options.server)),
      stateful: options.pools !== false,
      probePlaceholders: found.placeholders,
      runs: options.toolSettings?.[tool.name]?.runs ?? options.runs,
      fixedArgs: (name) => options.toolSettings?.[name]?.args ?? {},
      ...(options.producers === undefined ? {} : { producers: options.producers }),
      seed: options.seed,
      ...(path === undefined ? {} : { path }),
      sessionCalls,
      timeoutSeconds: options.timeoutSeconds,
      isExcluded,
      ...(plan.egressUnobserved === undefined ? {} : { egressUnobserved: plan.egressUnobserved }),
      replayLine: options.replayLine,
      emit: emitTool,
    });
  const checked = await checkInOrder(selected, jobs, checkOne, emit, (running) => pool.takers(running));
  return { found, settings, checked };
}

function parsePath(text: string): SessionPath {
  const path = parseSessionPath(text);
  if (path === undefined) {
    throw new SetupError(
      `The replay path "${text}" is not one hintproof prints (e.g. "7:0:1" or "12:0/s9/k0.3").`,
    );
  }
  return path;
}

/** With `--tool`, only the chosen tools of the baseline are compared (the others were not run). */
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

function selectTools<T extends { name: string }>(
  tools: readonly T[],
  wanted: readonly string[] | undefined,
  option = '--tool',
): T[] {
  if (wanted === undefined || wanted.length === 0) return [...tools];
  const missing = wanted.filter((name) => !tools.some((tool) => tool.name === name));
  if (missing.length > 0) {
    throw new SetupError(
      `${option} ${missing.map((name) => `"${name}"`).join(', ')}: no such tool. The server lists: ` +
        `${tools.map((tool) => tool.name).join(', ')}.`,
    );
  }
  return tools.filter((tool) => wanted.includes(tool.name));
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

/** The words a stdio server is started with (command, arguments, `--env` values); none for an in-process one. */
function serverWords(server: ServerSpec | InProcessSpec): string[] {
  return 'inProcess' in server ? [] : [server.command, ...server.args, ...Object.values(server.env)];
}
