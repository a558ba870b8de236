import { UnsupportedSchemaError } from './unsupportedSchemaError.js';

/** How many times one `$ref` may be expanded inside itself: recursive schemas are generated to this depth. */
export const MAX_REF_DEPTH = 3;

/**
 * A recursive `$ref` expanded `MAX_REF_DEPTH` times. Builders catch it where the schema lets the recursion
 * stop (an optional property is left out, an array stays empty, another `anyOf` branch is taken); elsewhere
 * it reaches the report as the reason the tool is inconclusive.
 */
export class RecursionLimitError extends UnsupportedSchemaError {}
