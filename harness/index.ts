export type { Change, ChangeKind } from './environments/change.js';
export { changeKey } from './environments/change.js';
export type {
  EnvironmentInstance,
  EnvironmentProvider,
  HarvestedColumn,
  HarvestedRelation,
  HarvestedValue,
  IsolatedAccess,
  Snapshot,
} from './environments/environment.js';
export { SandboxLost } from './environments/sandboxLost.js';
export { createSandbox, createWorkRoot, runDirectory, WORK_ROOT_PREFIX } from './sandbox.js';
export { removeTree, removeTreeSync } from './tree/index.js';
export type { Sandbox, SandboxSnapshot } from './sandbox.js';
export type { JsonValue } from './environments/fs/jsonValue.js';
export { Canonical, isJsonObject, keySegment, shorten } from './environments/fs/jsonValue.js';
export type { RecordChange, RecordChangeKind, RecordDiff } from './environments/fs/diffJson.js';
export { diffJson, summariseOmitted } from './environments/fs/diffJson.js';
export type { JsonFormat, JsonPair } from './environments/fs/parseJsonPair.js';
export { parseJsonPair } from './environments/fs/parseJsonPair.js';
export { recordEntity, RECORD_CHANGE_LIMIT } from './environments/fs/diffJsonFile.js';
