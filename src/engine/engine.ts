import { tmpdir } from 'node:os';
import type { EnvironmentProvider } from '../../harness/index.js';
import { createWorkRoot, removeTree, removeTreeSync } from '../../harness/index.js';
import { createFsProvider } from '../../harness/environments/fs/index.js';
import { createSqliteProvider } from '../../harness/environments/sqlite/index.js';
import { createPgProvider } from '../../harness/environments/postgres/index.js';
import { onExitCleanup } from '../../harness/process/index.js';
import type { Baseline } from '../baseline/baselineFile.js';
import { compareBaseline } from '../baseline/compareBaseline.js';
import type { Report } from '../model/report.js';
import type { EventSink } from '../model/events.js';
import { isolationPlan } from './session/isolationPlan.js';
import { BLIND_REASON, blindReport, isBlind } from './policy/blindness.js';
import { defaultJobs } from './checkInOrder.js';
import { checkAll } from './checkAll.js';
import { SessionPool } from './session/sessionPool.js';
import { SettleLog } from './session/settleLog.js';
import { TimerRhythms } from './session/timerRhythms.js';
import type { ProbeResult } from './probe/probe.js';
import { startInProcessSession } from './session/inProcessSession.js';
import { startSession } from './session/session.js';
import type { SessionStarter } from './session/sessionPool.js';
import { SetupError } from '../model/setupError.js';
import type { CheckOptions } from './checkOptions.js';
import { parseIgnorePatterns } from './policy/ignorePattern.js';

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
    // The launched package's own directory, copied writable for each run (`pkg:dist/memory.jsonl`).
    const ownPackage = 'inProcess' in options.server ? undefined : options.server.ownPackage;
    if (ownPackage !== undefined)
      providers.push(
        await createProvider(() =>
          createFsProvider({ environment: 'pkg', seed: ownPackage, hollow: ['node_modules'] }),
        ),
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
    const rhythms = new TimerRhythms();
    // An in-process server's timers are hintproof's own: nothing says what a call left for later.
    if ('inProcess' in server) settle.unobservable();
    const start: SessionStarter =
      'inProcess' in server
        ? (directory) => startInProcessSession(server, providers, directory)
        : (directory) => startSession(server, providers, directory, { log: settle, rhythms });
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
