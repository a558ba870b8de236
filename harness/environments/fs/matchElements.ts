/** Which old array element each new one is paired with, and back; filled in rounds by `pairEqual`. */
export interface Matching {
  /** New index → old index. */
  readonly partnerOf: (number | undefined)[];
  /** Old index → new index. */
  readonly matchedOld: (number | undefined)[];
  matched: number;
}

export function emptyMatching(before: number, after: number): Matching {
  return {
    partnerOf: new Array<number | undefined>(after),
    matchedOld: new Array<number | undefined>(before),
    matched: 0,
  };
}

/**
 * Pairs still-unpaired elements whose tokens are equal, first come first served in array order; an
 * `undefined` token takes no part in this round. Mutates `matching`.
 */
export function pairEqual(
  matching: Matching,
  before: readonly (string | undefined)[],
  after: readonly (string | undefined)[],
): void {
  const waiting = new Map<string, { readonly indices: number[]; next: number }>();
  before.forEach((token, i) => {
    if (token === undefined || matching.matchedOld[i] !== undefined) return;
    const entry = waiting.get(token);
    if (entry === undefined) waiting.set(token, { indices: [i], next: 0 });
    else entry.indices.push(i);
  });
  after.forEach((token, j) => {
    if (token === undefined || matching.partnerOf[j] !== undefined) return;
    const entry = waiting.get(token);
    const i = entry?.indices[entry.next];
    if (entry === undefined || i === undefined) return;
    entry.next++;
    matching.partnerOf[j] = i;
    matching.matchedOld[i] = j;
    matching.matched++;
  });
}

/** Whether two pairs cross: the paired old elements are not in the order of their new partners. */
export function crosses(matching: Matching): boolean {
  let last = -1;
  return matching.matchedOld.some((j) => {
    if (j === undefined) return false;
    if (j < last) return true;
    last = j;
    return false;
  });
}
