import type { Change } from '../change.js';
import { NotUnderstood } from '../notUnderstood.js';
import type { ParseBudget } from '../parseBudget.js';
import type { RecordChangeKind } from './diffJson.js';
import { summariseOmitted } from './diffJson.js';
import { diffLines } from './diffLines.js';
import { FS_ENVIRONMENT } from './fsEntry.js';
import { DETAIL_CHARS, shorten } from './jsonValue.js';

/**
 * Longest line read by lines: a longer one is no line of a text meant to be read by lines (a minified bundle,
 * an encoded blob), and the file is compared as bytes.
 */
export const MAX_LINE_CHARS = 64 * 1024;

/**
 * The line-level changes between two versions of a text file (kept as text: valid UTF-8 without NUL bytes,
 * see `TextCollector`), whatever its name: Markdown, plain text, YAML, CSV, a log. Pure.
 *
 * Lines are compared whole, their terminator (`\n`, `\r\n`, none on the last line) included. Each run of
 * differing lines (see `diffLines`) pairs its removed lines with its inserted ones in order: a pair is a
 * `modify` (`"old" → "new"`), a removed line left over a `delete`, an inserted one an `add`. So lines only
 * inserted, at the top, in the middle or at the end, are `add`s only; a line changed, removed or moved is a
 * `modify` or a `delete`. Entities are `path#[line N]`: the new line's number for an `add`, the old one's
 * otherwise. Past `limit` changes one more change on `path` counts the rest (its kind the most destructive).
 * Throws NotUnderstood (`text`) for a line longer than `MAX_LINE_CHARS`, or a diff past `budget`.
 */
export function diffTextFile(
  path: string,
  before: string,
  after: string,
  limit: number,
  budget: ParseBudget,
): Change[] {
  const old = splitLines(before, budget);
  const now = splitLines(after, budget);
  const changes: Change[] = [];
  const omitted: Record<RecordChangeKind, number> = { add: 0, modify: 0, delete: 0 };
  const emit = (kind: RecordChangeKind, line: number, detail: () => string): void => {
    if (changes.length >= limit) omitted[kind]++;
    else
      changes.push({
        kind,
        environment: FS_ENVIRONMENT,
        entity: `${path}#[line ${line + 1}]`,
        detail: detail(),
      });
  };
  for (const hunk of diffLines(old, now, budget)) {
    const paired = Math.min(hunk.removed, hunk.inserted);
    for (let k = 0; k < paired; k++) {
      const i = hunk.oldStart + k;
      const j = hunk.newStart + k;
      emit('modify', i, () => `${quoted(old[i], 40)} → ${quoted(now[j], 40)}${moved(i, j)}`);
    }
    for (let k = paired; k < hunk.removed; k++) {
      emit('delete', hunk.oldStart + k, () => `line removed: ${quoted(old[hunk.oldStart + k])}`);
    }
    for (let k = paired; k < hunk.inserted; k++) {
      emit('add', hunk.newStart + k, () => `line inserted: ${quoted(now[hunk.newStart + k])}`);
    }
  }
  const summary = summariseOmitted(omitted);
  if (summary !== undefined) {
    changes.push({
      kind: summary.kind,
      environment: FS_ENVIRONMENT,
      entity: path,
      detail: summary.detail.replace('record', 'line'),
    });
  }
  return changes;
}

/**
 * The lines of a text, each with its terminator; a last line without one is a line too, an empty text has
 * none. Throws NotUnderstood for a line longer than `MAX_LINE_CHARS`.
 */
function splitLines(text: string, budget: ParseBudget): string[] {
  budget.spend(2 * text.length, 'splitting the text into lines');
  const lines: string[] = [];
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline + 1;
    if (end - start > MAX_LINE_CHARS) {
      throw new NotUnderstood(
        'text',
        `line ${lines.length + 1} holds ${end - start} characters, more than ${MAX_LINE_CHARS}: not a text read by lines`,
      );
    }
    lines.push(text.slice(start, end));
    start = end;
  }
  return lines;
}

/** A line as a JSON string without its final `\n` (a `\r` before it shows), shortened. */
function quoted(line: string | undefined, max = DETAIL_CHARS): string {
  const body = (line ?? '').replace(/\n$/, '');
  return shorten(JSON.stringify(body), max);
}

function moved(i: number, j: number): string {
  return i === j ? '' : ` (now line ${j + 1})`;
}
