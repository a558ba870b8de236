export { COMPANION_SUFFIXES, readSqliteDatabase, spending } from './sqliteDatabase.js';
export { inputBytes } from './sqliteImage.js';
export type { DatabaseFiles } from './sqliteImage.js';
export type { SqliteDatabase } from './sqliteDatabase.js';
export { diffSqliteDatabases } from './diffSqliteDatabases.js';
export { harvestSqliteDatabase } from './harvestSqliteDatabase.js';
export { declaredPageSize, hasSqliteHeader } from './sqliteImage.js';
export { createSqliteProvider } from './sqliteProvider.js';
export type { FileBytes, FilePages } from './filePages.js';
