export { argumentsFor } from './argumentsFor.js';
export type { ToolArguments } from './argumentsFor.js';
export { createArgumentGuard } from './argumentGuard.js';
export type { ArgumentGuard } from './argumentGuard.js';
export { propertyRole } from './propertyRole.js';
export { schemaToArbitrary } from './schemaToArbitrary.js';
export { UnsupportedSchemaError } from './unsupportedSchemaError.js';
export { valuePool } from './valuePool.js';
export {
  extendRunPool,
  LiveChoice,
  liveChoice,
  LiveRecord,
  liveRecord,
  pooledFrom,
  recordsIn,
  RUN_POOL_LIMIT,
  resolveLiveChoices,
  valuesIn,
  valuesInArguments,
} from './runPool.js';
export type { PooledValue } from './runPool.js';
