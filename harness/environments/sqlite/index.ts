export { COMPANION_SUFFIXES, readSqliteDatabase, SQLITE_ENVIRONMENT } from './sqliteDatabase.js';
export type { SqliteDatabase } from './sqliteDatabase.js';
export { diffSqliteDatabases, SQLITE_CHANGE_LIMIT } from './diffSqliteDatabases.js';
export { harvestSqliteDatabase } from './harvestSqliteDatabase.js';
export { hasSqliteHeader } from './sqliteImage.js';
export type { DatabaseFiles } from './sqliteImage.js';
export { CorruptDatabaseError } from './varint.js';
export { createSqliteProvider } from './sqliteProvider.js';
export type { SqliteProviderOptions } from './sqliteProvider.js';
