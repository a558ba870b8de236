/**
 * Where a counterexample came from, as `--path` names it. fast-check's own path (`run:shrink:…`) replays a run
 * alone on a fresh sandbox. A contradiction that needed what earlier runs of its session left adds the session
 * it was found in and the calls of that session kept as its preamble: `12:0:1/s9/k0.3.4` is fast-check path
 * `12:0:1`, whose session began at run 9, replayed after calls 0, 3 and 4 of that session's history.
 */
export interface SessionPath {
  readonly fcPath: string;
  /** The run at which the session began (absent: the run replays alone). */
  readonly sessionStart?: number;
  /** The indices of the session's calls kept as preamble, ascending. */
  readonly kept?: readonly number[];
}

export function formatSessionPath(path: SessionPath): string {
  if (path.sessionStart === undefined || path.kept === undefined || path.kept.length === 0)
    return path.fcPath;
  return `${path.fcPath}/s${path.sessionStart}/k${path.kept.join('.')}`;
}

const SHAPE = /^(\d+(?::\d+)*)(?:\/s(\d+)\/k(\d+(?:\.\d+)*))?$/;

/** The parsed path, or undefined when the text is not one (the CLI says what a path looks like). */
export function parseSessionPath(text: string): SessionPath | undefined {
  const match = SHAPE.exec(text);
  if (match === null) return undefined;
  const [, fcPath = '', start, kept] = match;
  if (start === undefined || kept === undefined) return { fcPath };
  const indices = kept.split('.').map(Number);
  const run = Number(fcPath.split(':')[0]);
  if (Number(start) > run || indices.some((index, i) => i > 0 && index <= (indices[i - 1] ?? -1)))
    return undefined;
  return { fcPath, sessionStart: Number(start), kept: indices };
}
