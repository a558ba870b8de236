/**
 * Where a counterexample came from, as `--path` names it. fast-check's own path (`run:shrink:…`) replays a run
 * alone on a fresh sandbox. A contradiction that needed what earlier runs of its session left adds the session
 * it was found in and the calls of that session kept as its preamble: `12:0:1/s9/k0.3.4` is fast-check path
 * `12:0:1`, whose session began at run 9, replayed after calls 0, 3 and 4 of that session's history. A session
 * carried over from the round before (where the tool ran alone) names the runs of that round it made first:
 * `3:0/s0/k1.4/p2-5` began at run 2 of the round before (seed − 1), made its runs up to run 5 (excluded), then
 * runs 0 to 3 of this round.
 */
export interface SessionPath {
  readonly fcPath: string;
  /** The run at which the session began (absent: the run replays alone). */
  readonly sessionStart?: number;
  /** The indices of the session's calls kept as preamble, ascending. */
  readonly kept?: readonly number[];
  /** The runs of the round before that the session made first (`start` included, `end` excluded). */
  readonly carried?: CarriedRuns;
}

/** Runs of the round before (the tool alone, seed − 1) that a session made before this round's. */
export interface CarriedRuns {
  readonly start: number;
  readonly end: number;
}

export function formatSessionPath(path: SessionPath): string {
  if (path.sessionStart === undefined || path.kept === undefined || path.kept.length === 0)
    return path.fcPath;
  const carried = path.carried === undefined ? '' : `/p${path.carried.start}-${path.carried.end}`;
  return `${path.fcPath}/s${path.sessionStart}/k${path.kept.join('.')}${carried}`;
}

const SHAPE = /^(\d+(?::\d+)*)(?:\/s(\d+)\/k(\d+(?:\.\d+)*)(?:\/p(\d+)-(\d+))?)?$/;

/** The parsed path, or undefined when the text is not one (the CLI says what a path looks like). */
export function parseSessionPath(text: string): SessionPath | undefined {
  const match = SHAPE.exec(text);
  if (match === null) return undefined;
  const [, fcPath = '', start, kept, from, to] = match;
  if (start === undefined || kept === undefined) return { fcPath };
  const indices = kept.split('.').map(Number);
  const run = Number(fcPath.split(':')[0]);
  if (Number(start) > run || indices.some((index, i) => i > 0 && index <= (indices[i - 1] ?? -1)))
    return undefined;
  if (from === undefined || to === undefined) return { fcPath, sessionStart: Number(start), kept: indices };
  // Carried runs come before this round's first: the session began at its run 0.
  if (Number(start) !== 0 || Number(from) >= Number(to)) return undefined;
  return {
    fcPath,
    sessionStart: 0,
    kept: indices,
    carried: { start: Number(from), end: Number(to) },
  };
}
