import { shorten } from '../../../harness/index.js';
import { answerDifferences } from '../../checks/answerDifferences.js';
import { answerText, closedWorldCandidate } from '../../checks/closedWorld.js';
import type { ClosedWorldFinding } from '../../model/closedWorld.js';
import type { Hints } from '../../model/hints.js';
import type { Observation } from '../../model/observation.js';
import type { CommandOptions } from '../run/executeCommand.js';
import type { PlannedCall } from '../run/runSequence.js';
import { asMade, runSequence } from '../run/runSequence.js';
import type { SessionPool } from '../session/sessionPool.js';

/**
 * Fresh replays asked per candidate before it is let go: a tool answering at random answers the replay as the
 * session's first call with the chance of one value (1 in 6 for a die): twice, 1 in 36.
 */
const REPLAYS = 2;

/** Candidates a tool's check spends replays on at most: a tool whose state hides from every environment stops costing. */
const MAX_CANDIDATES = 3;

/** The most of an answer kept in a finding. */
const ANSWER_CHARS = 1000;

/** Where a candidate came from: the session's run, and what replays it. */
export interface ClosedWorldRun {
  readonly pool: SessionPool;
  readonly observation: Observation;
  /** The calls made before the command since its sandbox was fresh: the session's history, then the run's preamble. */
  readonly before: readonly PlannedCall[];
  readonly options: CommandOptions;
  readonly seed: number;
  readonly path: string;
  readonly replay: (path: string) => string;
  /**
   * The run is a `--path` replay: a number that grew is no reason to spend no replay on it. The candidate only
   * decides where fresh replays are spent (a counter that grew would answer them as the session did); a replay
   * asks for its one run's finding, which a die that rolled higher on its repeat would otherwise hide.
   */
  readonly replaying: boolean;
}

/**
 * Closed-world determinism for one tool's check (`openWorldHint: false`): each candidate an observation shows
 * (`closedWorldCandidate`: a repeated call answered differently though the first changed nothing seen) is asked
 * again from a fresh sandbox after the same calls, which is the state the session's first call answered in,
 * whatever the server keeps where no environment sees it. The finding stands when a replay's first answer
 * differs from the session's too (compared unordered: another process, so a counter is no excuse). A tool
 * whose answer follows state its call changed out of sight (a counter in memory: 5, then 6) answers the
 * replay as the session's first call did, and is let go. The first finding is kept; later runs cost nothing.
 */
export class ClosedWorldWatch {
  #candidates = 0;
  #finding: ClosedWorldFinding | undefined;

  constructor(private readonly hints: Hints) {}

  get finding(): ClosedWorldFinding | undefined {
    return this.#finding;
  }

  async consider(run: ClosedWorldRun): Promise<void> {
    if (this.#finding !== undefined || this.#candidates >= MAX_CANDIDATES) return;
    const { observation } = run;
    const candidate = closedWorldCandidate(this.hints, observation, !run.replaying);
    const first = answerText(observation.call1.outcome);
    if (candidate === undefined || first === undefined) return;
    this.#candidates++;
    const target = asMade({ tool: observation.tool, args: observation.args });
    for (let replay = 1; replay <= REPLAYS; replay++) {
      const result = await runSequence(run.pool, run.before, target, run.options);
      const again =
        result.observation === undefined ? undefined : answerText(result.observation.call1.outcome);
      if (again === undefined) continue;
      const differences = answerDifferences(first, again, false);
      if (differences.length === 0) continue;
      const calls =
        run.before.length === 0 ? 'nothing before it' : `the same ${run.before.length} calls before it`;
      this.#finding = {
        title: `${observation.tool} claims openWorldHint: false but answered the same call differently in the same state`,
        args: observation.args,
        answers: [shorten(first, ANSWER_CHARS), shorten(again, ANSWER_CHARS)],
        differences,
        confirmedBy:
          `its first call changed nothing seen and its repeat answered otherwise (${candidate.differences[0] ?? ''}); ` +
          `from a fresh sandbox with ${calls}, replay ${replay} answered otherwise again`,
        seed: run.seed,
        path: run.path,
        replay: run.replay(run.path),
      };
      return;
    }
  }
}
