export type { Change, ChangeKind } from './environments/change.js';
export { changeKey } from './environments/change.js';
export type {
  EnvironmentInstance,
  EnvironmentProvider,
  HarvestedValue,
  Snapshot,
} from './environments/environment.js';
