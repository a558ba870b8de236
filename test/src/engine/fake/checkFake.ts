import { checkAll } from '../../../../src/engine/checkAll.js';
import type { CheckOptions } from '../../../../src/engine/checkOptions.js';
import { blindReport, isBlind } from '../../../../src/engine/policy/blindness.js';
import type { EngineEvent } from '../../../../src/model/events.js';
import type { ProbeResult } from '../../../../src/engine/probe/probe.js';
import type { ToolReport } from '../../../../src/model/report.js';
import { fakePool } from './fakeSession.js';
import type { FakeServer, FakeWorld } from './fakeServer.js';
import { newFakeWorld } from './fakeServer.js';

/** What a check of a fake server gave: the tools' reports (blindness applied, as `runChecks` does) and more. */
export interface FakeCheck {
  readonly tools: readonly ToolReport[];
  readonly blind: boolean;
  readonly events: readonly EngineEvent[];
  /** The probe's observers: those admitted, and those dropped with the change their reads made. */
  readonly observers: ProbeResult['observers'];
  readonly world: FakeWorld;
}

/** The options of a fake check, `overrides` aside: 10 runs, seed 1, sessions of 250 calls, 1 job. */
export type FakeCheckOptions = Partial<Omit<CheckOptions, 'server'>>;

/**
 * A whole check of `server` as `runChecks` makes it (the probe, the tools' chains, every tool's rounds,
 * confirmation, shrinking, verdicts, blindness), on fake sessions: no process, no sandbox on disk. The
 * session is not isolated and its egress is observed (what handlers `reach`).
 */
export async function checkFake(
  server: FakeServer,
  overrides: FakeCheckOptions = {},
  world: FakeWorld = newFakeWorld(),
): Promise<FakeCheck> {
  const jobs = overrides.jobs ?? 1;
  const pool = fakePool(server, world, jobs);
  const events: EngineEvent[] = [];
  const options: CheckOptions = {
    // Never started: the pool is the fake's. Said in-process so that no server words name places.
    server: {
      inProcess: () => Promise.reject(new Error('the fake pool starts its own servers')),
      startupTimeoutSeconds: 10,
      clientVersion: 'test',
    },
    runs: 10,
    seed: 1,
    timeoutSeconds: 10,
    ignore: [],
    calibrationMs: 100,
    commandLine: ['fake'],
    replayLine: (tool, seed, path) => `--tool ${tool} --seed ${seed} --path ${path}`,
    ...overrides,
  };
  try {
    const { checked, found } = await checkAll(pool, options, { isolation: 'none' }, jobs, (event) =>
      events.push(event),
    );
    const blind = isBlind(checked);
    const tools = blind ? checked.map(blindReport) : checked;
    return { tools, blind, events, observers: found.observers, world };
  } finally {
    await pool[Symbol.asyncDispose]();
  }
}

/** The report of the tool named `name` (throws when the check has none). */
export function reportOf(check: FakeCheck, name: string): ToolReport {
  const found = check.tools.find((tool) => tool.name === name);
  if (found === undefined) throw new Error(`no report for ${name}`);
  return found;
}
