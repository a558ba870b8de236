import { declaredHints, effectiveHints } from '../hints/effectiveHints.js';
import type { ToolInfo } from '../mcp/index.js';
import type { EventSink } from '../model/events.js';
import type { Settings, ToolReport } from '../model/report.js';
import { DEFAULTS } from '../settings/checkSettings.js';
import { SetupError } from '../model/setupError.js';
import { serverNames, serverText } from '../model/serverText.js';
import { checkInOrder } from './checkInOrder.js';
import { checkTool } from './checkTool.js';
import type { CheckOptions } from './checkOptions.js';
import { exclusionOf } from './policy/exclusion.js';
import { HandedSession } from './session/handedSession.js';
import type { InProcessSpec } from './session/inProcessSession.js';
import type { IsolationPlan } from './session/isolationPlan.js';
import { observingSession } from './session/observingSession.js';
import { placesNamed } from './session/placesNamed.js';
import { probe } from './probe/probe.js';
import type { ProbeResult } from './probe/probe.js';
import type { ServerSpec } from './session/serverSpec.js';
import { parseSessionPath } from './run/sessionPath.js';
import type { SessionPath } from './run/sessionPath.js';
import type { SessionPool } from './session/sessionPool.js';
import { SessionRunner } from './run/sessionRunner.js';
import { ToolChains } from './toolChains.js';
import { checkToolCount } from './toolCount.js';

/**
 * The probe, then every selected tool's check (`jobs` at a time), all in sessions from `pool`; sessions after
 * the probe also read the server's own view of its state around each call.
 */
/** The run's isolation, and the Postgres environment's access sentence when there is one. */
type RunPlan = IsolationPlan & { readonly postgres?: string };

export async function checkAll(
  pool: SessionPool,
  options: CheckOptions,
  plan: RunPlan,
  jobs: number,
  emit: EventSink,
): Promise<{ found: ProbeResult; settings: Settings; checked: ToolReport[] }> {
  // Too many tools to check is said at once, before the calibration spends time on them.
  const found = await probe(
    pool,
    options.calibrationMs,
    options.timeoutSeconds,
    options.maxObservers,
    (tools) =>
      checkToolCount(tools.length === 0 ? 0 : selectTools(tools, options.tools).length, {
        maxTools: options.maxTools ?? DEFAULTS.maxTools,
        runs: options.runs,
        jobs,
      }),
  );
  // A change made while observers are read is no observer's doing when it is ambient or --ignore'd.
  const ambientOrIgnored = exclusionOf(found.ambient, options.ignore);
  pool.view((session) => observingSession(session, found.observers, ambientOrIgnored));
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
  plan: RunPlan,
  jobs: number,
  emit: EventSink,
  found: ProbeResult,
  handed: HandedSession,
): Promise<{ found: ProbeResult; settings: Settings; checked: ToolReport[] }> {
  if (found.tools.length === 0) {
    throw new SetupError(
      `The server "${serverText(found.server.name, 200)}" lists no tools (tools/list returned an empty list), so there is nothing ` +
        'to check. Check that the command starts the server with the arguments and --env values that enable its tools.',
    );
  }
  const selected = selectTools(found.tools, options.tools);
  if (options.producers !== undefined) selectTools(found.tools, options.producers, '--producers');
  const maxCommands = options.maxCommands ?? DEFAULTS.maxCommands;
  const path = options.path === undefined ? undefined : parsePath(options.path);
  if (path !== undefined && selected.length !== 1) {
    throw new SetupError(
      `A replay path replays one counterexample of one tool; --tool named ${selected.length}: ` +
        `${serverNames(selected.map((tool) => tool.name))}. Copy the whole "Reproduce with:" line from the report.`,
    );
  }
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
    ...(plan.postgres === undefined ? {} : { postgres: plan.postgres }),
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
  const stateful = options.pools !== false;
  // The probe's session begins chain 0 when its first tool is the server's first.
  const chains = new ToolChains(
    (chain) =>
      new SessionRunner(
        pool,
        stateful ? sessionCalls : 0,
        chain === 0 && selected[0]?.name === firstTool && stateful && sessionCalls > 0
          ? handed.take
          : undefined,
      ),
  );
  const checkOne = (tool: ToolInfo, emitTool: EventSink) =>
    chains.inChain(selected.indexOf(tool), (runner) =>
      checkTool(tool, {
        runner,
        pool,
        tools: found.tools,
        harvested: options.pools === false ? [] : placesNamed(found.harvested, serverWords(options.server)),
        stateful,
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
        ...(options.strictClosedWorld === true ? { strictClosedWorld: true } : {}),
        emit: emitTool,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      }),
    );
  try {
    const checked = await checkInOrder(selected, jobs, checkOne, emit, (count) => pool.limitSpares(count));
    return { found, settings, checked };
  } finally {
    chains.close();
  }
}

function parsePath(text: string): SessionPath {
  const path = parseSessionPath(text);
  if (path === undefined) {
    throw new SetupError(
      `The replay path "${text}" is not one hintproof prints (e.g. "7:0:1", "12:0/s9/k0.3" or "3:0/s0/k1/p2-5/p0-6@1.4").`,
    );
  }
  return path;
}

/**
 * The tools `--tool` (or `--producers`) names, in the server's order; a name it does not list is refused. A
 * name with commas that no tool has exactly is a list (`--tool read_note,save_note`), as `--producers` takes.
 */
function selectTools<T extends { name: string }>(
  tools: readonly T[],
  named: readonly string[] | undefined,
  option = '--tool',
): T[] {
  if (named === undefined || named.length === 0) return [...tools];
  const wanted = named.flatMap((name) =>
    tools.some((tool) => tool.name === name) || !name.includes(',')
      ? [name]
      : name
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== ''),
  );
  const missing = wanted.filter((name) => !tools.some((tool) => tool.name === name));
  if (missing.length > 0) {
    throw new SetupError(
      `${option} ${serverNames(missing.map((name) => `"${name}"`))}: no such tool. The server lists: ` +
        `${serverNames(tools.map((tool) => tool.name))}.`,
    );
  }
  return tools.filter((tool) => wanted.includes(tool.name));
}

/** The words a stdio server is started with (command, arguments, `--env` values); none for an in-process one. */
function serverWords(server: ServerSpec | InProcessSpec): string[] {
  return 'inProcess' in server ? [] : [server.command, ...server.args, ...Object.values(server.env)];
}
