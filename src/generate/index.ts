export { argumentsFor } from './argumentsFor.js';
export type { ArgumentsOptions, ToolArguments } from './argumentsFor.js';
export { createArgumentGuard } from './argumentGuard.js';
export type { ArgumentGuard, GuardResult } from './argumentGuard.js';
export type { GenerationContext } from './generationContext.js';
export { propertyRole } from './propertyRole.js';
export type { PropertyRole } from './propertyRole.js';
export { schemaToArbitrary } from './schemaToArbitrary.js';
export { UnsupportedSchemaError } from './unsupportedSchemaError.js';
export { valuePool } from './valuePool.js';
export type { StringLengths } from './valuePool.js';
export {
  extendRunPool,
  LiveChoice,
  liveChoice,
  LiveRecord,
  liveRecord,
  recordsIn,
  RUN_POOL_LIMIT,
  resolveLiveChoices,
  valuesIn,
  valuesInArguments,
  valuesInResult,
} from './runPool.js';
