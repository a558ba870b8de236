/**
 * The most levels of directories below a walked root. Every entry's path names all the directories above it, so
 * a chain of 20,000 nested directories (20,000 entries, far under any disk limit) is some 400 million characters
 * of paths: hintproof ran out of memory listing one. No real project nests anywhere near this deep.
 */
export const MAX_TREE_DEPTH = 256;

/** A walked tree holds directories deeper than `MAX_TREE_DEPTH` levels below its root: not walked further. */
export class TreeTooDeep extends Error {
  constructor(readonly depth: number = MAX_TREE_DEPTH) {
    super(`a directory tree more than ${depth} levels deep, which hintproof does not walk`);
    this.name = 'TreeTooDeep';
  }
}
