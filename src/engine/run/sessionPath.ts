/**
 * Where a counterexample came from, as `--path` names it. fast-check's own path (`run:shrink:…`) replays a run
 * alone on a fresh sandbox. A contradiction that needed what earlier runs of its session left adds the session
 * it was found in and the calls of that session kept as its preamble: `12:0:1/s9/k0.3.4` is fast-check path
 * `12:0:1`, whose session began at run 9, replayed after calls 0, 3 and 4 of that session's history. A session
 * that went on from the rounds before names the runs of each it made first, oldest first, the last being the
 * round just before (seed − 1): `3:0/s0/k1.4/p2-5/p0-6@1.4` began at run 2 of round seed − 2 (the tool alone),
 * made its runs up to run 5 (excluded), then runs 0 to 5 of round seed − 1 (after preambles, producers the
 * server's tools 1 and 4; `@` alone: none favoured), then runs 0 to 3 of this round. A session goes on from
 * one tool's check into the next tool's of its chain (`checkAll`): a round of another tool names it by its index
 * in the server's list, `t3`, and a round whose seed is not the positional one names its seed against this
 * round's, `s+2` or `s-1`: `/p0-9t3s+2` made runs 0 to 9 of the round of tool 3 whose seed is `--seed` + 2.
 * A round whose run 0 was made alone on a fresh sandbox (`SessionRunner.round`) made its runs from run 1 on.
 */
export interface SessionPath {
  readonly fcPath: string;
  /** The run at which the session began (absent: the run replays alone). */
  readonly sessionStart?: number;
  /** The indices of the session's calls kept as preamble, ascending. */
  readonly kept?: readonly number[];
  /** The runs of the rounds before that the session made first, oldest round first. */
  readonly carried?: readonly CarriedRuns[];
}

/** Runs of one round before this one that a session made before this round's. */
export interface CarriedRuns {
  /** First run made (included). */
  readonly start: number;
  /** Last run made, excluded (equal to `start`: the round made none in this session). */
  readonly end: number;
  /**
   * The round's favoured producers, as indices into the server's tool list (ascending): the round ran its
   * tool after preambles. Absent: the tool ran alone.
   */
  readonly producers?: readonly number[];
  /** The round's tool, as an index into the server's tool list; absent: the tool of the round replayed. */
  readonly tool?: number;
  /**
   * The round's seed minus the replayed round's; absent: the positional one (of n carried rounds, the i-th,
   * from 0, has seed − (n − i): the tool's rounds just before this one).
   */
  readonly seedOffset?: number;
}

export function formatSessionPath(path: SessionPath): string {
  if (path.sessionStart === undefined || path.kept === undefined || path.kept.length === 0)
    return path.fcPath;
  const carried = (path.carried ?? []).map(
    ({ start, end, producers, tool, seedOffset }) =>
      `/p${start}-${end}${producers === undefined ? '' : `@${producers.join('.')}`}` +
      `${tool === undefined ? '' : `t${tool}`}${seedOffset === undefined ? '' : `s${signed(seedOffset)}`}`,
  );
  return `${path.fcPath}/s${path.sessionStart}/k${path.kept.join('.')}${carried.join('')}`;
}

/** Ascending indices: `0.3.4`. */
const INDICES = String.raw`\d+(?:\.\d+)*`;
/**
 * One carried round: `/p2-5` (the tool alone), `/p0-6@1.4` or `/p0-6@` (after preambles), then its tool when
 * another's (`t3`) and its seed when not positional (`s+2`, `s-1`).
 */
const SEGMENT = new RegExp(
  String.raw`\/p(\d+)-(\d+)(@(${INDICES})?)?(?:t(\d+))?(?:s([+-]\d+))?(?=\/|$)`,
  'g',
);
const SHAPE = new RegExp(
  String.raw`^(\d+(?::\d+)*)(?:\/s(\d+)\/k(${INDICES})((?:\/p\d+-\d+(?:@(?:${INDICES})?)?(?:t\d+)?(?:s[+-]\d+)?)*))?$`,
);

/** The parsed path, or undefined when the text is not one (the CLI says what a path looks like). */
export function parseSessionPath(text: string): SessionPath | undefined {
  const match = SHAPE.exec(text);
  if (match === null) return undefined;
  const [, fcPath = '', start, kept, tail = ''] = match;
  if (start === undefined || kept === undefined) return { fcPath };
  const indices = kept.split('.').map(Number);
  const run = Number(fcPath.split(':')[0]);
  if (Number(start) > run || !ascending(indices)) return undefined;
  if (tail === '') return { fcPath, sessionStart: Number(start), kept: indices };
  const carried: CarriedRuns[] = [...tail.matchAll(SEGMENT)].map(
    ([, from, to, at, producers, tool, seedOffset]) => ({
      start: Number(from),
      end: Number(to),
      ...(at === undefined
        ? {}
        : { producers: producers === undefined ? [] : producers.split('.').map(Number) }),
      ...(tool === undefined ? {} : { tool: Number(tool) }),
      ...(seedOffset === undefined ? {} : { seedOffset: Number(seedOffset) }),
    }),
  );
  // Carried runs come before this round's first: the session began at its run 0, and at run 0 of every round
  // after its first (run 1 of a round whose run 0 was made alone on a fresh sandbox: `SessionRunner.round`).
  if (Number(start) > 1) return undefined;
  for (const [index, segment] of carried.entries()) {
    if (segment.start > segment.end || (index > 0 && segment.start > 1)) return undefined;
    if (segment.producers !== undefined && !ascending(segment.producers)) return undefined;
  }
  return { fcPath, sessionStart: Number(start), kept: indices, carried };
}

/** `+2`, `-1`, `+0`. */
function signed(value: number): string {
  return value < 0 ? String(value) : `+${value}`;
}

function ascending(indices: readonly number[]): boolean {
  return indices.every((index, i) => i === 0 || index > (indices[i - 1] ?? -1));
}
