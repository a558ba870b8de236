import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../../src/mcp/index.js';
import type { RoundPlan } from '../../../../src/engine/search/planRound.js';
import { afterRound, firstBudget, planRound } from '../../../../src/engine/search/planRound.js';

const tool = (name: string, annotations?: Record<string, boolean>): ToolInfo => ({
  name,
  inputSchema: { type: 'object' },
  annotations,
});
const tools = [
  tool('add_item', { readOnlyHint: false, destructiveHint: false }),
  tool('list_items', { readOnlyHint: true }),
  tool('remove_item'),
];

interface Setup {
  readonly runs: number;
  readonly replaying?: boolean;
  readonly stateful?: boolean;
  readonly pinned?: readonly string[];
  /** Runs each round spends (default: all it planned); fewer when it found a contradiction early. */
  readonly spent?: readonly number[];
  /** metExisting after each round (default: unchanged). */
  readonly metAfter?: readonly number[];
  /** Tools learned to add state during each round. */
  readonly learnedIn?: ReadonlyArray<readonly string[]>;
  /** Tools whose live arguments cannot be generated. */
  readonly ungenerated?: readonly string[];
  /** Rounds whose every command failed on state other tools left (planned again on a fresh session). */
  readonly redone?: readonly number[];
}

/** Plans every round of one check as the engine would, each as one line. */
function rounds(setup: Setup): string[] {
  const replaying = setup.replaying ?? false;
  const learned = new Set<string>();
  let metExisting = 0;
  let budget = firstBudget(setup.runs, replaying, setup.pinned !== undefined);
  const lines: string[] = [];
  for (let round = 0; round < 10; round++) {
    const plan = planRound(budget, {
      seed: 10,
      replaying,
      stateful: setup.stateful ?? true,
      tools,
      ...(setup.pinned === undefined ? {} : { pinned: setup.pinned }),
      learned,
      metExisting,
      generates: (name) => !(setup.ungenerated ?? []).includes(name),
    });
    if (plan === undefined) return lines;
    lines.push(line(plan));
    for (const name of setup.learnedIn?.[round] ?? []) learned.add(name);
    metExisting = setup.metAfter?.[round] ?? metExisting;
    const redone = setup.redone?.includes(round) ?? false;
    budget = afterRound(budget, plan, setup.spent?.[round] ?? plan.numRuns, replaying, redone);
  }
  throw new Error('more than 10 rounds');
}

function line(plan: RoundPlan): string {
  const preamble =
    plan.preamble.length === 0
      ? 'alone'
      : `after ${plan.preamble.map((candidate) => `${candidate.tool}×${candidate.weight}`).join(' ')}`;
  return `seed ${plan.seed}: ${plan.numRuns} ${preamble} [${plan.producers.join(',')}]`;
}

describe('planRound: which round comes next', () => {
  it.each<[string, Setup, string[]]>([
    [
      'nothing met existing state: the alone budget, a first round of preambles as long, then the rest',
      { runs: 25 },
      [
        'seed 10: 5 alone []',
        'seed 11: 5 after add_item×1 remove_item×1 []',
        'seed 12: 15 after add_item×1 remove_item×1 []',
      ],
    ],
    [
      'a round redone on a fresh session is planned again as it was, the runs it spent spent',
      { runs: 25, redone: [0, 2], metAfter: [0, 0, 0, 3] },
      [
        'seed 10: 5 alone []',
        'seed 11: 5 alone []',
        'seed 12: 5 after add_item×1 remove_item×1 []',
        'seed 13: 5 after add_item×1 remove_item×1 []',
        'seed 14: 5 after add_item×1 remove_item×1 []',
      ],
    ],
    [
      'producers learned while alone are favoured',
      { runs: 25, learnedIn: [['add_item']] },
      [
        'seed 10: 5 alone []',
        'seed 11: 5 after add_item×4 remove_item×1 [add_item]',
        'seed 12: 15 after add_item×4 remove_item×1 [add_item]',
      ],
    ],
    [
      'producers learned in the first round of preambles are favoured in the rest',
      { runs: 25, learnedIn: [[], ['remove_item']] },
      [
        'seed 10: 5 alone []',
        'seed 11: 5 after add_item×1 remove_item×1 []',
        'seed 12: 15 after add_item×1 remove_item×4 [remove_item]',
      ],
    ],
    [
      'commands that met what preambles built keep their preambles',
      { runs: 25, metAfter: [0, 3] },
      [
        'seed 10: 5 alone []',
        'seed 11: 5 after add_item×1 remove_item×1 []',
        'seed 12: 15 after add_item×1 remove_item×1 []',
      ],
    ],
    [
      'commands met existing state: alone to the end',
      { runs: 25, metAfter: [1] },
      ['seed 10: 5 alone []', 'seed 11: 20 alone []'],
    ],
    [
      'a round ended early by a contradiction: the rest of its budget with the next seed',
      { runs: 25, spent: [2, 1] },
      [
        'seed 10: 5 alone []',
        'seed 11: 3 alone []',
        'seed 12: 2 alone []',
        'seed 13: 5 after add_item×1 remove_item×1 []',
        'seed 14: 15 after add_item×1 remove_item×1 []',
      ],
    ],
    [
      'later preamble rounds spend everything left, and again after a contradiction',
      { runs: 10, spent: [2, 1, 1, 3] },
      [
        'seed 10: 2 alone []',
        'seed 11: 2 after add_item×1 remove_item×1 []',
        'seed 12: 1 after add_item×1 remove_item×1 []',
        'seed 13: 6 after add_item×1 remove_item×1 []',
        'seed 14: 3 after add_item×1 remove_item×1 []',
      ],
    ],
    [
      'not stateful: alone only, in the same two rounds',
      { runs: 25, stateful: false },
      ['seed 10: 5 alone []', 'seed 11: 20 alone []'],
    ],
    [
      'no candidate can be generated: alone',
      { runs: 25, ungenerated: ['add_item', 'remove_item'] },
      ['seed 10: 5 alone []', 'seed 11: 20 alone []'],
    ],
    [
      'one candidate cannot be generated: the others',
      { runs: 25, ungenerated: ['remove_item'] },
      ['seed 10: 5 alone []', 'seed 11: 5 after add_item×1 []', 'seed 12: 15 after add_item×1 []'],
    ],
    [
      '--producers pins the favoured tools, whatever is learned',
      { runs: 10, pinned: ['remove_item'], learnedIn: [['add_item']] },
      ['seed 10: 2 alone [remove_item]', 'seed 11: 8 after add_item×1 remove_item×4 [remove_item]'],
    ],
    ['one run: alone', { runs: 1 }, ['seed 10: 1 alone []']],
    ['no runs: no round', { runs: 0 }, []],
    ['a replay without --producers: one run alone', { runs: 25, replaying: true }, ['seed 10: 1 alone []']],
    [
      'a replay with --producers: one run after preambles of them',
      { runs: 25, replaying: true, pinned: ['add_item'] },
      ['seed 10: 1 after add_item×4 remove_item×1 [add_item]'],
    ],
    [
      'a replay pinned to no producer still draws the candidates',
      { runs: 25, replaying: true, pinned: [] },
      ['seed 10: 1 after add_item×1 remove_item×1 []'],
    ],
    [
      'a replay ends after its one run, whatever it spent',
      { runs: 25, replaying: true, spent: [0] },
      ['seed 10: 1 alone []'],
    ],
  ])('%s', (_, setup, expected) => {
    expect(rounds(setup)).toEqual(expected);
  });

  it('a replay after preambles ignores that commands met existing state (a search would not)', () => {
    const context = {
      seed: 3,
      stateful: true,
      tools,
      pinned: ['add_item'],
      learned: new Set<string>(),
      metExisting: 4,
      generates: () => true,
    };
    const budget = { round: 2, remaining: 5, aloneLeft: 0, exploreLeft: 0, preambled: false };
    expect(planRound(budget, { ...context, replaying: true })?.preamble).toHaveLength(2);
    expect(planRound(budget, { ...context, replaying: false })?.preamble).toEqual([]);
    expect(planRound(budget, { ...context, replaying: false })?.seed).toBe(5);
  });
});
