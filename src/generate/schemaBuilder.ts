import type fc from 'fast-check';
import type { SchemaLocation } from './schemaLocation.js';

/** Builds the arbitrary of a subschema; type builders call it for `properties` and `items`. */
export type SchemaBuilder = (schema: unknown, location: SchemaLocation) => fc.Arbitrary<unknown>;
