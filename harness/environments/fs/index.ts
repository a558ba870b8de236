export type { FsEntry, FsEntryType, FsPrefix, FsSnapshot } from './fsEntry.js';
export { FS_ENVIRONMENT, FS_PLACEHOLDER, TREE_ENVIRONMENTS } from './fsEntry.js';
export type { TreeEnvironment } from './fsEntry.js';
export { diffFsSnapshots, describeEntry, HOME_CACHE_DIRECTORIES } from './diffFsSnapshots.js';
export {
  harvestFsSnapshot,
  HARVEST_ENTRY_LIMIT,
  HARVEST_JSON_FILE_LIMIT,
  HARVEST_JSON_VALUE_LIMIT,
} from './harvestFsSnapshot.js';
export type { FsInstance, FsInstanceStats } from './fsInstance.js';
export type { FsProvider, FsProviderOptions } from './fsProvider.js';
export { createFsProvider } from './fsProvider.js';
