import type { Change } from '../change.js';
import type { SqliteImage } from './sqliteImage.js';
import { SQLITE_ENVIRONMENT } from './sqliteDatabase.js';

/**
 * The settings a database file keeps in its 100-byte header and that a connection can change (a `PRAGMA`
 * that persists), each at its offset: what the application stores there (`user_version`, `application_id`),
 * and how the file is laid out. Left out: what every write moves (the change counter, the page count, the
 * freelist, the schema cookie, the version that last wrote it), which the rows and the schema already show.
 */
const FIELDS = [
  { name: 'user_version', offset: 60, kind: 'modify' },
  { name: 'application_id', offset: 68, kind: 'modify' },
  { name: 'page_size', offset: 16, kind: 'modify' },
  { name: 'auto_vacuum', offset: 52, kind: 'modify' },
  { name: 'incremental_vacuum', offset: 64, kind: 'modify' },
  { name: 'default_cache_size', offset: 48, kind: 'modify' },
  // Bytes 18–19 are 2 in WAL mode, 1 otherwise (`PRAGMA journal_mode = WAL` persists; the others do not).
  // Many servers that only read set it each time they open the file: how a connection opens it, not data.
  { name: 'journal_mode', offset: 18, kind: 'counter' },
] as const;

type FieldName = (typeof FIELDS)[number]['name'];

/** A database's header settings, as `PRAGMA` would name them; `undefined` for an empty database (no page). */
function readHeaderFields(image: SqliteImage): Readonly<Record<FieldName, string>> | undefined {
  if (image.pageCount === 0) return undefined;
  const header = new DataView(image.page(1).buffer, image.page(1).byteOffset, 100);
  const value = (field: (typeof FIELDS)[number]): string => {
    switch (field.name) {
      case 'page_size':
        return String(image.pageSize);
      case 'journal_mode':
        return header.getUint8(18) === 2 || header.getUint8(19) === 2 ? 'wal' : 'rollback';
      case 'application_id':
      case 'default_cache_size':
        return String(header.getInt32(field.offset));
      default:
        return String(header.getUint32(field.offset));
    }
  };
  return Object.fromEntries(FIELDS.map((field) => [field.name, value(field)])) as Record<FieldName, string>;
}

/**
 * The header settings that differ between two snapshots of a database with pages on both sides, one change
 * each: `modify todo.db#pragma.user_version` (`0 → 7`); the journal mode as a `counter` (`rollback → wal`),
 * shown and never counted (see FIELDS). A database created since `before` shows its schema instead. Pure.
 */
export function diffHeaderFields(database: string, before: SqliteImage, after: SqliteImage): Change[] {
  const old = readHeaderFields(before);
  const now = readHeaderFields(after);
  if (old === undefined || now === undefined) return [];
  return FIELDS.filter((field) => old[field.name] !== now[field.name]).map((field) => ({
    kind: field.kind,
    environment: SQLITE_ENVIRONMENT,
    entity: `${database}#pragma.${field.name}`,
    detail: `PRAGMA ${field.name}: ${old[field.name]} → ${now[field.name]}`,
  }));
}
