/** One line of an observer's text, with its 1-based number in that text. */
export interface NumberedLine {
  readonly n: number;
  readonly text: string;
}

/** A line-level difference: `line` is the new text's number for `add` and `modify`, the old one's for `delete`. */
export interface LineChange {
  readonly kind: 'add' | 'modify' | 'delete';
  readonly line: number;
  readonly old?: string;
  readonly new?: string;
}

/** The lines of a text (`\n` or `\r\n`); a final newline does not make an empty last line. */
export function splitLines(text: string): NumberedLine[] {
  if (text === '') return [];
  const parts = text.split('\n');
  if (parts[parts.length - 1] === '') parts.pop();
  return parts.map((line, i) => ({ n: i + 1, text: line.endsWith('\r') ? line.slice(0, -1) : line }));
}

/**
 * The line changes from `before` to `after`, linear in their length. Lines in common at the start and at the
 * end are unchanged; in between, lines found on both sides (as a multiset: a line that only moved is no
 * change) are unchanged too; the rest are paired in order: a removed and an added line make a `modify`, the
 * removed lines left over are `delete`s, the added ones `add`s. Pure.
 */
export function diffLines(before: readonly NumberedLine[], after: readonly NumberedLine[]): LineChange[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start]?.text === after[start]?.text) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1]?.text === after[endAfter - 1]?.text) {
    endBefore--;
    endAfter--;
  }
  const oldMiddle = before.slice(start, endBefore);
  const newMiddle = after.slice(start, endAfter);
  const available = new Map<string, number>();
  for (const line of oldMiddle) available.set(line.text, (available.get(line.text) ?? 0) + 1);
  const added: NumberedLine[] = [];
  for (const line of newMiddle) {
    const count = available.get(line.text) ?? 0;
    if (count > 0) available.set(line.text, count - 1);
    else added.push(line);
  }
  const removed: NumberedLine[] = [];
  // Symmetrically, the old lines left over: each text's first occurrences are the ones matched.
  const matched = new Map<string, number>();
  for (const line of newMiddle) matched.set(line.text, (matched.get(line.text) ?? 0) + 1);
  for (const line of oldMiddle) {
    const count = matched.get(line.text) ?? 0;
    if (count > 0) matched.set(line.text, count - 1);
    else removed.push(line);
  }
  const changes: LineChange[] = [];
  const pairs = Math.min(removed.length, added.length);
  for (let i = 0; i < pairs; i++) {
    const old = removed[i] as NumberedLine;
    const now = added[i] as NumberedLine;
    changes.push({ kind: 'modify', line: now.n, old: old.text, new: now.text });
  }
  for (const now of added.slice(pairs)) changes.push({ kind: 'add', line: now.n, new: now.text });
  for (const old of removed.slice(pairs)) changes.push({ kind: 'delete', line: old.n, old: old.text });
  return changes;
}

/** A line with every run of digits as `#`: `at 12:04:31` → `at #:#:#`. */
function lineShape(line: string): string {
  return line.replace(/\d+/g, '#');
}

/**
 * Lines that change on their own, by shape: `exact`, lines of exactly this shape; otherwise lines whose shape
 * starts with `prefix` and ends with `suffix` (the parts two versions of one changed line had in common).
 */
export interface LinePattern {
  readonly prefix: string;
  readonly suffix: string;
  readonly exact: boolean;
}

/** The pattern of one changed line: its shape, or what the shapes of its two versions share. */
export function linePattern(change: LineChange): LinePattern {
  const a = lineShape(change.old ?? change.new ?? '');
  const b = lineShape(change.new ?? change.old ?? '');
  if (a === b) return { prefix: a, suffix: '', exact: true };
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  ) {
    suffix++;
  }
  return { prefix: a.slice(0, prefix), suffix: suffix === 0 ? '' : a.slice(a.length - suffix), exact: false };
}

export function matchesPattern(line: string, pattern: LinePattern): boolean {
  const shape = lineShape(line);
  if (pattern.exact) return shape === pattern.prefix;
  return (
    shape.length >= pattern.prefix.length + pattern.suffix.length &&
    shape.startsWith(pattern.prefix) &&
    shape.endsWith(pattern.suffix)
  );
}
