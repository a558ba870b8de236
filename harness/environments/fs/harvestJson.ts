import type { HarvestedValue } from '../environment.js';
import { identityKey } from './identityKey.js';
import type { JsonValue } from './jsonValue.js';
import { isJsonObject } from './jsonValue.js';
import { parseJsonPair } from './parseJsonPair.js';

/** Values offered from one JSON file at most. */
export const JSON_HARVEST_PER_FILE = 100;

/** Longest string offered: longer ones are prose, not names. */
const MAX_VALUE_CHARS = 100;

type Kind = HarvestedValue['kind'];

const PATH_FIELD = /^(?:path|file|filename|filepath|dir|directory|folder)$|[a-z](?:Path|_path|File|_file)$/i;
const ID_FIELD = /^(?:id|_id|uid|uuid|guid)$|[a-z0-9](?:Id|ID|_id|_ID)$/;
const NAME_FIELD =
  /^(?:name|title|key|slug|label|tag|identifier|note|table)s?$|[a-z](?:Name|_name|Title|_title)$/i;

/** What a string under `field` probably is, as the run pool judges property names (`valuesIn`). */
function kindOf(field: string | undefined): Kind {
  if (field === undefined) return 'text';
  if (PATH_FIELD.test(field)) return 'path';
  if (ID_FIELD.test(field)) return 'identifier';
  return NAME_FIELD.test(field) ? 'name' : 'text';
}

/**
 * Values in one JSON or JSON Lines file worth reusing as arguments, at most `JSON_HARVEST_PER_FILE`, most
 * telling first: the identity values of its records (the `id`, `name`, `url`… that `identityKey` matches
 * array elements on; kind `identifier`, or `name` / `path` by the field's name), the keys of objects that map
 * names to records, then every other short string, its kind judged by the nearest property name. Nothing for
 * text that does not parse. Pure.
 */
export function harvestJson(path: string, text: string): HarvestedValue[] {
  const parsed = parseJsonPair(path, text, text);
  if (parsed === undefined) return [];
  const found = new Map<string, HarvestedValue>();
  const offer = (kind: Kind, value: string | number): boolean => {
    const shown = String(value);
    if (shown !== '' && [...shown].length <= MAX_VALUE_CHARS)
      found.set(`${kind}\0${shown}`, { kind, value: shown });
    return found.size >= JSON_HARVEST_PER_FILE;
  };
  walk(parsed.after, undefined, (_value, _field, array) => {
    if (array === undefined) return false;
    const key = identityKey([array]);
    if (key === undefined) return false;
    const kind = kindOf(key);
    for (const element of array) {
      const id = isJsonObject(element) ? element[key] : undefined;
      if (
        (typeof id === 'string' || typeof id === 'number') &&
        offer(kind === 'text' ? 'identifier' : kind, id)
      ) {
        return true;
      }
    }
    return false;
  });
  walk(parsed.after, undefined, (value) => {
    if (!isJsonObject(value)) return false;
    const records = Object.values(value);
    if (records.length < 2 || !records.every((record) => isJsonObject(record))) return false;
    return Object.keys(value).some((key) => offer('name', key));
  });
  walk(parsed.after, undefined, (value, field) => typeof value === 'string' && offer(kindOf(field), value));
  return [...found.values()].slice(0, JSON_HARVEST_PER_FILE);
}

/**
 * Visits every value in document order with the name of the property it sits under (array elements inherit
 * their array's) and, for arrays, the array itself; stops when `visit` returns `true`.
 */
export function walk(
  value: JsonValue,
  field: string | undefined,
  visit: (value: JsonValue, field: string | undefined, array: readonly JsonValue[] | undefined) => boolean,
): boolean {
  if (visit(value, field, Array.isArray(value) ? value : undefined)) return true;
  if (Array.isArray(value)) return value.some((item) => walk(item, field, visit));
  if (isJsonObject(value)) return Object.entries(value).some(([key, item]) => walk(item, key, visit));
  return false;
}
