import type { HarvestedValue } from '../environment.js';
import { walk } from './harvestJson.js';
import { isJsonObject } from './jsonValue.js';
import { parseJsonPair } from './parseJsonPair.js';

/** Objects offered whole (kind `record`) from one JSON file, at most. */
export const JSON_RECORDS_PER_FILE = 50;

/** Longest string member kept in a record: longer ones are prose, not names. */
const MAX_VALUE_CHARS = 100;

/**
 * The objects inside arrays of one JSON or JSON Lines file, each as a `record` of its short string and number
 * members (a relation `{"from": "ada", "to": "alan", "relationType": "mentors"}`), at most
 * JSON_RECORDS_PER_FILE, in document order; `value` is the file's path. Nothing for text that does not parse.
 * Pure.
 */
export function harvestJsonRecords(path: string, text: string): HarvestedValue[] {
  const parsed = parseJsonPair(path, text, text);
  if (parsed === undefined) return [];
  const records: HarvestedValue[] = [];
  walk(parsed.after, undefined, (_value, _field, array) => {
    for (const element of array ?? []) {
      if (!isJsonObject(element)) continue;
      const record: Record<string, string | number> = {};
      for (const [key, member] of Object.entries(element)) {
        if (
          typeof member === 'number' ||
          (typeof member === 'string' && [...member].length <= MAX_VALUE_CHARS)
        )
          record[key] = member;
      }
      if (Object.keys(record).length > 0) records.push({ kind: 'record', value: path, record });
      if (records.length >= JSON_RECORDS_PER_FILE) return true;
    }
    return false;
  });
  return records;
}
