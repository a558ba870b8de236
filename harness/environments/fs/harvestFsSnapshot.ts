import type { HarvestedValue, Snapshot } from '../environment.js';
import { FS_ENVIRONMENT, FS_PLACEHOLDER, asFsSnapshot, comparePaths } from './fsEntry.js';
import { harvestJson } from './harvestJson.js';
import { harvestJsonRecords } from './harvestJsonRecords.js';
import { harvestText } from './harvestText.js';
import type { FileBytes } from '../sqlite/index.js';
import { harvestSqliteDatabase, readSqliteDatabase } from '../sqlite/index.js';
import { databaseContent } from './sqliteFiles.js';

/** Entries offered to the argument generator at most; shallow ones first, so huge trees stay cheap. */
export const HARVEST_ENTRY_LIMIT = 500;

/** SQLite databases whose rows are offered, at most. */
const HARVEST_SQLITE_LIMIT = 5;

/** JSON files whose records are offered, at most, and values taken from them in all. */
const HARVEST_JSON_FILE_LIMIT = 20;
export const HARVEST_JSON_VALUE_LIMIT = 300;

/** Other text files whose section names are offered, at most, and names taken from them in all. */
const HARVEST_TEXT_FILE_LIMIT = 20;
const HARVEST_TEXT_VALUE_LIMIT = 200;

/** Text that may be JSON or JSON Lines: its first non-blank character opens a value. */
const OPENS_JSON = /^\s*[[{]/;

/**
 * Values in the sandbox worth reusing as arguments: for each entry its relative path, its path under the
 * `{fs}` placeholder and its base name; for each directory also both forms as `directory`, plus `{fs}` itself.
 * Taken from the `HARVEST_ENTRY_LIMIT` shallowest entries (ties by path). Then, from the first
 * `HARVEST_JSON_FILE_LIMIT` of those that are JSON or JSON Lines files (kept as text by the snapshot), the
 * identity values and short strings of their records (`harvestJson`), `HARVEST_JSON_VALUE_LIMIT` in all;
 * from the first `HARVEST_TEXT_FILE_LIMIT` other text files, their section names (`harvestText`).
 * From the first HARVEST_SQLITE_LIMIT SQLite databases (by path), what pg would offer: table names, key and
 * unique values, short texts (`harvestSqliteDatabase`). Sorted by kind then value, without duplicates. Pure.
 */
export function harvestFsSnapshot(snapshot: Snapshot): HarvestedValue[] {
  const tree = asFsSnapshot(snapshot, 'harvested');
  const placeholder = tree.environment === FS_ENVIRONMENT ? FS_PLACEHOLDER : `{${tree.environment}}`;
  const entries = [...tree.entries]
    .map(([path, entry]) => ({ path, type: entry.type, text: entry.text, depth: path.split('/').length }))
    .sort((a, b) => a.depth - b.depth || comparePaths(a.path, b.path))
    .slice(0, HARVEST_ENTRY_LIMIT);

  const values = new Map<string, HarvestedValue>();
  const add = (kind: HarvestedValue['kind'], value: string): void => {
    values.set(`${kind}\0${value}`, { kind, value });
  };
  add('directory', placeholder);
  for (const { path, type } of entries) {
    add('path', path);
    add('path', `${placeholder}/${path}`);
    add('name', path.slice(path.lastIndexOf('/') + 1));
    if (type === 'directory') {
      add('directory', path);
      add('directory', `${placeholder}/${path}`);
    }
  }
  const texts = entries.flatMap(({ path, text }) => (text === undefined ? [] : [{ path, text }]));
  const json = texts.filter(({ text }) => OPENS_JSON.test(text)).slice(0, HARVEST_JSON_FILE_LIMIT);
  const fromJson = json.flatMap(({ path, text }) => harvestJson(path, text));
  for (const value of fromJson.slice(0, HARVEST_JSON_VALUE_LIMIT)) add(value.kind, value.value);
  const prose = texts.filter(({ text }) => !OPENS_JSON.test(text)).slice(0, HARVEST_TEXT_FILE_LIMIT);
  const fromText = prose.flatMap(({ text }) => harvestText(text));
  for (const value of fromText.slice(0, HARVEST_TEXT_VALUE_LIMIT)) add(value.kind, value.value);
  // Kept whole: a `relation` carries its table's shape for the SQL generator, a `record` its row.
  const whole = (value: HarvestedValue) => {
    const key = `${value.kind}\0${value.value}`;
    values.set(value.record === undefined ? key : `${key}\0${JSON.stringify(value.record)}`, value);
  };
  for (const { path, text } of json) for (const value of harvestJsonRecords(path, text)) whole(value);
  for (const value of sqliteValues(snapshot)) whole(value);
  return [...values.values()].sort((a, b) => comparePaths(a.kind, b.kind) || comparePaths(a.value, b.value));
}

function sqliteValues(snapshot: Snapshot): HarvestedValue[] {
  const { entries } = asFsSnapshot(snapshot, 'harvested');
  const databases = [...entries]
    .filter(([, entry]) => databaseContent(entry) !== undefined)
    .map(([path]) => path)
    .sort(comparePaths)
    .slice(0, HARVEST_SQLITE_LIMIT);
  return databases.flatMap((path) => {
    const wal = entries.get(`${path}-wal`)?.bytes;
    const journal = entries.get(`${path}-journal`)?.bytes;
    try {
      const database = readSqliteDatabase({
        main: databaseContent(entries.get(path)) as FileBytes,
        ...(wal === undefined ? {} : { wal }),
        ...(journal === undefined ? {} : { journal }),
      });
      return harvestSqliteDatabase(database);
    } catch {
      return [];
    }
  });
}
