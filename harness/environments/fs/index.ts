export type { FsEntry, FsSnapshot } from './fsEntry.js';
export { diffFsSnapshots } from './diffFsSnapshots.js';
export { harvestFsSnapshot, HARVEST_ENTRY_LIMIT, HARVEST_JSON_VALUE_LIMIT } from './harvestFsSnapshot.js';
export type { FsInstance } from './fsInstance.js';
export type { FsProvider } from './fsProvider.js';
export { createFsProvider } from './fsProvider.js';
