export type { Change, ChangeKind } from './environments/change.js';
export { changeKey } from './environments/change.js';
export type {
  EnvironmentProvider,
  HarvestedColumn,
  HarvestedRelation,
  HarvestedRoutine,
  HarvestedValue,
  IsolatedAccess,
  Snapshot,
} from './environments/environment.js';
export { SandboxLost } from './environments/sandboxLost.js';
export { createSandbox, createWorkRoot, runDirectory } from './sandbox.js';
export { removeTree, removeTreeSync } from './tree/index.js';
export type { Sandbox, SandboxSnapshot } from './sandbox.js';
export type { JsonValue } from './environments/fs/jsonValue.js';
export { Canonical, shorten } from './environments/fs/jsonValue.js';
export type { RecordChangeKind } from './environments/fs/diffJson.js';
export { diffJson, summariseOmitted } from './environments/fs/diffJson.js';
export { parseJsonPair } from './environments/fs/parseJsonPair.js';
export { recordEntity, RECORD_CHANGE_LIMIT } from './environments/fs/diffJsonFile.js';
