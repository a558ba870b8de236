export { argumentsFor } from './argumentsFor.js';
export type { ToolArguments } from './argumentsFor.js';
export { createArgumentGuard } from './argumentGuard.js';
export type { ArgumentGuard } from './argumentGuard.js';
export { propertyRole } from './propertyRole.js';
export { schemaToArbitrary } from './schemaToArbitrary.js';
export { UnsupportedSchemaError } from './unsupportedSchemaError.js';
export { valueMix } from './valueMix.js';
export {
  extendSeenValues,
  isIntegerIdName,
  LiveChoice,
  liveChoice,
  LiveRecord,
  liveRecord,
  seenFrom,
  recordsIn,
  SEEN_VALUES_LIMIT,
  resolveLiveChoices,
  valuesIn,
  valuesInArguments,
} from './seenValues.js';
export type { FoundValue, SeenValue } from './seenValues.js';
export { idsInProse, PROSE_LIMITS } from './idsInProse.js';
export { toolIdNames } from './sourceNames.js';
export { valuesInUris } from './valuesInUris.js';
