/**
 * A tool claiming `openWorldHint: false` that answered one call differently in one state, beyond what varies by
 * design (generated ids, times, counters): clients may cache a closed-world tool's answers, and this one's
 * would be stale. A finding, not a contradiction, unless `--strict-closed-world` (then its openWorldHint is
 * contradicted, with this as the evidence's answers).
 */
export interface ClosedWorldFinding {
  /** The observed fact, as a sentence. */
  readonly title: string;
  /** The arguments as made, placeholders (`{fs}`) left in. */
  readonly args: Readonly<Record<string, unknown>>;
  /** The two answers made in one state: the session's first call's, then the fresh sandbox's (bounded). */
  readonly answers: readonly [string, string];
  /** What differs between them, beyond what varies by design (`."roll": 4 → 2`), at most 3. */
  readonly differences: readonly string[];
  /** How the state was the same and how the difference was seen again, in words. */
  readonly confirmedBy: string;
  /** The fast-check seed and path of the session's run, and the command that replays it. */
  readonly seed: number;
  readonly path: string;
  readonly replay: string;
}
