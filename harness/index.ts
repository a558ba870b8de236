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
