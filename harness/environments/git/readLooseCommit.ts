import { constants, inflateSync } from 'node:zlib';

/**
 * How many bytes of a loose object the fs snapshot keeps: enough for a commit's header (`commit <size>\0`,
 * its tree and up to ~20 parents, compressed), never its message or a blob's content.
 */
export const LOOSE_OBJECT_HEAD_BYTES = 1024;

const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * The parents of a loose commit object from the first bytes of its file (zlib-compressed `commit <size>\0`,
 * then `tree …`, `parent …` lines): the bytes may be cut anywhere after the header lines. `undefined` for any
 * other object type, or bytes that do not inflate to a commit header. Pure.
 */
export function readLooseCommitParents(head: Uint8Array): string[] | undefined {
  let text: string;
  try {
    // Bounded: 1 KiB of hostile deflate could otherwise expand to a megabyte.
    const inflated = inflateSync(head, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: 64 * 1024 });
    text = decoder.decode(inflated.subarray(0, 4096));
  } catch {
    return undefined;
  }
  const nul = text.indexOf('\0');
  if (nul < 0 || !/^commit \d+$/.test(text.slice(0, nul))) return undefined;
  return commitParents(text.slice(nul + 1));
}

/**
 * The parents a commit's content names (`tree …`, then `parent …` lines, then the other headers), from its
 * first characters: `undefined` when it does not start like a commit, or is cut before its parents end. Pure.
 */
export function commitParents(content: string): string[] | undefined {
  const lines = content.split('\n');
  if (!/^tree [0-9a-f]{40,64}$/.test(lines[0] ?? '')) return undefined;
  const parents: string[] = [];
  for (const line of lines.slice(1)) {
    const parent = /^parent ([0-9a-f]{40,64})$/.exec(line);
    if (parent?.[1] !== undefined) parents.push(parent[1]);
    else if (/^[a-z]+ /.test(line) && !line.startsWith('parent ')) return parents;
    else return undefined; // cut inside a parent line: the list may be incomplete
  }
  return undefined;
}

/** Commits walked at most from a ref's new value looking for its old one. */
const WALK_LIMIT = 1000;

/**
 * How many commits `to` is ahead of `from` when `from` is an ancestor of `to` (a fast-forward), following the
 * parents of loose commits (`parentsOf`: undefined where a commit is not loose, or not a commit); `undefined`
 * when no path is found within WALK_LIMIT commits. Pure.
 */
export function fastForwardDistance(
  from: string,
  to: string,
  parentsOf: (oid: string) => readonly string[] | undefined,
): number | undefined {
  const seen = new Set<string>([to]);
  let frontier = [to];
  for (let distance = 1; frontier.length > 0 && seen.size <= WALK_LIMIT; distance++) {
    const next: string[] = [];
    for (const oid of frontier) {
      for (const parent of parentsOf(oid) ?? []) {
        if (parent === from) return distance;
        if (!seen.has(parent)) {
          seen.add(parent);
          next.push(parent);
        }
      }
    }
    frontier = next;
  }
  return undefined;
}
