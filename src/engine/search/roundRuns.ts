/**
 * The runs of a round as planned from what fast-check drew, and made again to rebuild the session a replay
 * path names.
 */
import fc from 'fast-check';
import { resolveLiveChoices } from '../../generate/index.js';
import type { GeneratedCall } from './preamblePlan.js';
import { preambleArbitrary } from './preamblePlan.js';
import { substituteDeep } from '../session/placeholders.js';
import type { MadeCall, PlannedCall } from '../run/runSequence.js';
import type { RoundOptions } from './roundOptions.js';
import type { SessionPath } from '../run/sessionPath.js';
import type { SessionRunner } from '../run/sessionRunner.js';

/** One generated run: its preamble calls and the command's arguments, as fast-check drew them. */
export interface Generated {
  readonly preamble: readonly GeneratedCall[];
  readonly target: Record<string, unknown>;
}

/** What fast-check draws for a round's runs: the command's arguments, after preamble calls when it has candidates. */
export function roundArbitrary(options: Pick<RoundOptions, 'target' | 'preamble'>): fc.Arbitrary<Generated> {
  return options.preamble.length === 0
    ? options.target.arbitrary.map((args) => ({ preamble: [], target: args }))
    : fc.record({ preamble: preambleArbitrary(options.preamble), target: options.target.arbitrary });
}

/**
 * The session a path's contradiction was found in, made again: the runs from the session's first up to the
 * contradiction's, in one session, unchecked (first those it made in the rounds before when it went on from
 * them, oldest first, this tool's or those of tools before it in its chain: `CarriedRuns`). Returns every
 * call it made.
 */
export async function rebuildHistory(
  options: RoundOptions,
  arbitrary: fc.Arbitrary<Generated>,
  path: SessionPath,
  runner: SessionRunner,
): Promise<readonly MadeCall[]> {
  const carried = path.carried ?? [];
  for (const [index, runs] of carried.entries()) {
    if (options.priorRound === undefined)
      throw new Error('a carried session path needs the rounds before to rebuild');
    const before: RoundOptions = {
      ...options,
      ...options.priorRound(runs.tool, runs.producers),
      seed: options.seed + (runs.seedOffset ?? index - carried.length),
    };
    await rerun(before, roundArbitrary(before), runs.start, runs.end, runner);
  }
  const start = path.sessionStart ?? 0;
  await rerun(options, arbitrary, start, Number(path.fcPath.split(':')[0]), runner);
  return runner.history();
}

/** Runs `start` to `until` (excluded) of a round's search again on the runner's session, unchecked. */
async function rerun(
  options: RoundOptions,
  arbitrary: fc.Arbitrary<Generated>,
  start: number,
  until: number,
  runner: SessionRunner,
): Promise<void> {
  let index = -1;
  const rebuild = fc.asyncProperty(arbitrary, async (generated) => {
    index++;
    if (index < start) return true;
    const planned = plan(options, generated, false);
    if (planned !== undefined) await runner.run(index, planned.preamble, planned.target, options, true);
    return true;
  });
  if (until > 0) await fc.check(rebuild, { seed: options.seed, numRuns: until });
}

/** The calls of one generated run as they will be made; undefined when its arguments fail the schema. */
export function plan(
  options: RoundOptions,
  generated: Generated,
  report = true,
): { preamble: PlannedCall[]; target: PlannedCall } | undefined {
  const { target } = options;
  const args = { ...generated.target, ...target.fixedArgs };
  const check = target.guard.validate(
    substituteDeep(resolveLiveChoices(args, []), options.probePlaceholders),
  );
  if (!check.valid) {
    if (report) {
      options.onInvalid();
      options.emit({ type: 'invalid-arguments', tool: target.tool, args, errors: check.errors });
    }
    return undefined;
  }
  const generators = new Map(options.preamble.map((generator) => [generator.tool, generator]));
  const preamble = generated.preamble.map((call) => {
    const of = generators.get(call.tool);
    return { tool: call.tool, args: { ...call.args, ...of?.fixedArgs }, guard: of?.guard ?? target.guard };
  });
  return { preamble, target: { tool: target.tool, args, guard: target.guard } };
}
