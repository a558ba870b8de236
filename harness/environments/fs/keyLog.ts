import type { ParseBudget } from '../parseBudget.js';
import { identityToken } from './identityKey.js';
import type { JsonObject, JsonValue } from './jsonValue.js';
import { Canonical, LABEL_CHARS, isJsonObject, scalarLabel, shorten } from './jsonValue.js';
import { parseJsonPair } from './parseJsonPair.js';

/**
 * Fields that key the records of a log, most telling first: NeDB's and MongoDB-style `_id`, the generic `id`,
 * LevelDB-style dumps' `key`, ArangoDB's `_key`, `uuid`. Weaker identities (`name`, `title`) are left to the
 * JSON Lines reading: two lines that share a name are two entities more often than one superseding the other.
 */
const KEY_FIELDS = ['_id', 'id', 'key', '_key', 'uuid'] as const;

/** A flag that, set to `true`, makes a record a tombstone: NeDB's `$$deleted`, CouchDB's `_deleted`, … */
const DELETED_FLAG = /^(?:\$\$deleted|\$deleted|_deleted|__deleted|deleted|is_?deleted|_?tombstone)$/i;

/** A field that names the operation a line records (`{"type":"del","key":"a"}`), and the values that delete. */
const OPERATION_FIELD = /^(?:type|op|action|operation|kind|\$\$op|_op)$/i;
const DELETING = /^(?:del|delete|deleted|remove|removed|tombstone)$/i;

/** Bookkeeping a tombstone of the operation form may carry besides its key and its operation. */
const BOOKKEEPING =
  /^(?:ts|time|timestamp|at|date|seq|sequence|version|rev|_rev|_v|__v|deletedAt|deleted_at|updatedAt|updated_at)$/i;

/** The state a key log describes: each key's last record (label → record), tombstoned keys left out. */
export interface KeyLogState {
  readonly field: string;
  readonly before: JsonObject;
  readonly after: JsonObject;
}

/**
 * Both versions of a file read as one log of keyed records where the last record of a key wins, or
 * `undefined` when the file is not such a log. Pure.
 *
 * Detected from the content alone: every non-blank line of both versions is a JSON object (the JSON Lines
 * reading, with its guards: see `parseJsonPair`); one key field (`KEY_FIELDS`, the one on the most lines) is a
 * string or number wherever it is present, and present on at least half the lines of each version (the others,
 * like NeDB's `{"$$indexCreated":…}`, are records of their own, named by their content); and some key appears
 * on more than one line of either version, or some line is a tombstone: a list names each record once, a log
 * names a record again each time it changes, and only a log records a deletion. The state is then each key's last record, dropped when that record is a tombstone
 * (`isTombstone`), keyed by `[field=value]` (the JSON Lines entity form).
 */
export function readKeyLog(before: string, after: string, budget?: ParseBudget): KeyLogState | undefined {
  const pair = parseJsonPair('log.jsonl', before, after);
  if (pair === undefined || pair.format !== 'lines') return undefined;
  const versions = [pair.before, pair.after].map((lines) =>
    Array.isArray(lines) && lines.every(isJsonObject) ? lines : undefined,
  );
  const [old, now] = versions;
  if (old === undefined || now === undefined) return undefined;
  const field = keyField([old, now]);
  if (field === undefined || ![old, now].some((records) => isLog(records, field))) return undefined;
  const canonical = new Canonical();
  return {
    field,
    before: materialise(old, field, canonical, budget),
    after: materialise(now, field, canonical, budget),
  };
}

/** The key field on the most lines among those that qualify in every version, or `undefined`. */
function keyField(versions: readonly (readonly JsonObject[])[]): string | undefined {
  let best: { field: string; lines: number } | undefined;
  for (const field of KEY_FIELDS) {
    let lines = 0;
    const qualifies = versions.every((records) => {
      let keyed = 0;
      for (const record of records) {
        if (!Object.hasOwn(record, field)) continue;
        if (identityToken(record[field]) === undefined) return false;
        keyed++;
      }
      lines += keyed;
      return 2 * keyed >= records.length;
    });
    if (qualifies && lines > 0 && (best === undefined || lines > best.lines)) best = { field, lines };
  }
  return best?.field;
}

/** Whether records keyed by `field` read as a log: some key appears twice, or some record is a tombstone. */
function isLog(records: readonly JsonObject[], field: string): boolean {
  const seen = new Set<string>();
  for (const record of records) {
    const token = identityToken(record[field]);
    if (token === undefined) continue;
    if (seen.has(token) || isTombstone(record, field)) return true;
    seen.add(token);
  }
  return false;
}

/**
 * Whether a record deletes its key: a deletion flag set to `true` (`{"$$deleted":true,"_id":"a"}` as NeDB
 * writes it, `"_deleted": true`, `"deleted": true`; a record that says it is deleted is gone for the store's
 * readers, whatever else it holds), or an operation that deletes on a record that holds nothing but its key,
 * that operation and bookkeeping (`{"type":"del","key":"a"}`, `{"op":"delete","id":3,"ts":…}`): a record
 * with a value is an event about the key, not its removal.
 */
export function isTombstone(record: JsonObject, field: string): boolean {
  let deleting = false;
  let bare = true;
  for (const [name, value] of Object.entries(record)) {
    if (DELETED_FLAG.test(name) && value === true) return true;
    if (OPERATION_FIELD.test(name) && typeof value === 'string' && DELETING.test(value)) deleting = true;
    else if (name !== field && !BOOKKEEPING.test(name)) bare = false;
  }
  return deleting && bare;
}

/** Each key's last record under its label, in order of first appearance; tombstoned keys removed. */
function materialise(
  records: readonly JsonObject[],
  field: string,
  canonical: Canonical,
  budget: ParseBudget | undefined,
): JsonObject {
  const state = new Map<string, JsonValue>();
  for (const record of records) {
    budget?.step();
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') {
      const label = keyLabel(field, value);
      if (isTombstone(record, field)) state.delete(label);
      else state.set(label, record);
    } else {
      // A line without the key (NeDB's index lines): a member of the state as it is.
      state.set(`[${shorten(canonical.of(record), LABEL_CHARS, true)}]`, record);
    }
  }
  return Object.fromEntries(state);
}

/**
 * `[_id=a1]`; a string key that reads as a number is quoted (`[id="7"]`), so that it never shares a label
 * with the number 7.
 */
function keyLabel(field: string, value: string | number): string {
  const numeric = typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
  return `[${field}=${numeric ? JSON.stringify(value) : scalarLabel(value)}]`;
}
