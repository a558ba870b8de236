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
export { createSandbox, runDirectory } from './sandbox.js';
export type { Sandbox, SandboxSnapshot } from './sandbox.js';
