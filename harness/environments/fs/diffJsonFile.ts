import type { Change } from '../change.js';
import { NotUnderstood } from '../notUnderstood.js';
import type { ParseBudget } from '../parseBudget.js';
import type { RecordChange, RecordDiff } from './diffJson.js';
import { diffJson, summariseOmitted } from './diffJson.js';
import type { FsEntry } from './fsEntry.js';
import { FS_ENVIRONMENT } from './fsEntry.js';
import type { JsonFormat } from './parseJsonPair.js';
import { MAX_JSON_DEPTH, nestsDeeperThan, parseJsonPair } from './parseJsonPair.js';

/** Record changes listed per file at most; the rest are summarised in one more change on the file itself. */
export const RECORD_CHANGE_LIMIT = 50;

/**
 * The record-level changes of a file whose content changed other than by an append, when the snapshots kept
 * both versions' text (see `FsEntry.text`) and both read as JSON, or both as JSON Lines (see
 * `parseJsonPair`); otherwise `undefined`, and the caller reports the file as one `modify`. Throws
 * NotUnderstood for content nested too deep to read, or whose diff goes past `budget`. Pure.
 *
 * Each change's entity is `path#pointer` (`bookmarks.json#/bookmarks/[id=b1]/title`; for JSON Lines the lines
 * are the top-level array: `memory.jsonl#[name=Alice]/observations/["likes tea"]`), or `path` itself for a
 * change of the whole document (a different type, a different root scalar). An empty list means the two
 * documents are deep-equal: the bytes differ only in whitespace, key order or number spelling. Past
 * `RECORD_CHANGE_LIMIT` changes, one more change on `path` counts the rest; its kind is the most destructive
 * among them (`delete`, else `modify`, else `add`), so checks see what they would have seen.
 */
export function diffJsonFile(
  path: string,
  a: FsEntry,
  b: FsEntry,
  budget?: ParseBudget,
): Change[] | undefined {
  const before = keptText(a);
  const after = keptText(b);
  if (before === undefined || after === undefined) return undefined;
  const pair = parseJsonPair(path, before, after);
  if (pair === undefined) {
    if (nestsDeeperThan(before, MAX_JSON_DEPTH) || nestsDeeperThan(after, MAX_JSON_DEPTH))
      throw new NotUnderstood('JSON', `nested deeper than ${MAX_JSON_DEPTH} arrays or objects`);
    return undefined;
  }
  return recordChanges(path, pair.format, diffJson(pair.before, pair.after, RECORD_CHANGE_LIMIT, budget));
}

/** A record diff of the file at `path` as changes, the omitted ones summarised on `path` itself. */
export function recordChanges(path: string, format: JsonFormat, diff: RecordDiff): Change[] {
  const listed: Change[] = diff.changes.map((change) => toChange(path, format, change));
  const summary = summariseOmitted(diff.omitted);
  if (summary !== undefined) {
    listed.push({ kind: summary.kind, environment: FS_ENVIRONMENT, entity: path, detail: summary.detail });
  }
  return listed;
}

/** The text a snapshot kept for a file: its `text`, or the empty string for an empty readable file. */
export function keptText(entry: FsEntry): string | undefined {
  if (entry.text !== undefined) return entry.text;
  return entry.size === 0 && entry.sha256 !== undefined ? '' : undefined;
}

function toChange(path: string, format: JsonFormat, change: RecordChange): Change {
  return {
    kind: change.kind,
    environment: FS_ENVIRONMENT,
    entity: recordEntity(path, format, change.at),
    detail: change.detail,
  };
}

/** `path#/a/[id=1]` for a JSON document, `path#[id=1]/a` for JSON Lines, `path` for the whole document. */
export function recordEntity(path: string, format: JsonFormat, at: readonly string[]): string {
  if (at.length === 0) return path;
  return `${path}#${format === 'json' ? '/' : ''}${at.join('/')}`;
}
