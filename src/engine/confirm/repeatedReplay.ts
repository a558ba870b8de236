import type { CommandOptions } from '../run/executeCommand.js';
import { LiveSession } from '../run/liveSession.js';
import type { ControlWindows, PlannedCall, RunResult } from '../run/runSequence.js';
import { runOn, takeLive } from '../run/runSequence.js';
import type { SessionPool } from '../session/sessionPool.js';

/**
 * How many times a confirming replay makes the command (each time called twice, after its own control windows)
 * before it says the contradiction did not reproduce. A side effect that happens on a fraction `p` of calls
 * (sampled telemetry, every Nth call) shows in one making with probability 1 − (1 − p)² for a claim either call
 * contradicts (`readOnlyHint`, `destructiveHint`, `openWorldHint`), `p` for `idempotentHint` (the second call);
 * over 6 makings, for p = 1/4: 1 − (9/16)^6 ≈ 97%, and 1 − (3/4)^6 ≈ 82% for `idempotentHint`. A confirmation
 * that goes on to replay after history makes up to 6 there too (twice), so it misses such an effect less
 * than once in a thousand. A contradiction that reproduces makes the command once, as before.
 */
export const CONFIRM_MAKINGS = 6;

/** What a replay's making showed, as the confirmation judges it. */
export interface Judged {
  /** It reproduced (or said something final: background egress): no further making. */
  readonly done: boolean;
}

/**
 * One replay on a fresh session: `preamble`, then the command, made up to `makings` times in a row on the same
 * session, each judged by `judge` (given the calls made before that making, for its control runs) until one
 * says it is done. Returns the last making's run (its `steps` the preamble's) and its judgement, and which
 * making it was (1-based). A server that dies or a command not made ends the replay.
 */
export async function repeatedReplay<J extends Judged>(
  pool: SessionPool,
  preamble: readonly PlannedCall[],
  target: PlannedCall,
  options: CommandOptions,
  windows: ControlWindows | undefined,
  makings: number,
  judge: (result: RunResult, before: readonly PlannedCall[]) => Promise<J>,
): Promise<{ result: RunResult; judged: J; making: number }> {
  const live = await takeLive(pool, target);
  if (!(live instanceof LiveSession)) return { result: live, judged: await judge(live, preamble), making: 1 };
  try {
    let steps: RunResult['steps'] = [];
    const before = [...preamble];
    for (let making = 1; ; making++) {
      const made = await runOn(live, making === 1 ? preamble : [], target, options, undefined, windows);
      if (making === 1) steps = made.steps;
      const result = { ...made, steps };
      const judged = await judge(result, before);
      const over =
        judged.done || making >= makings || result.observation === undefined || !live.session.alive();
      if (over) return { result, judged, making };
      before.push(target);
    }
  } finally {
    pool.release(live.session);
  }
}
