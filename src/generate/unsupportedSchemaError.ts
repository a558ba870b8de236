/**
 * A JSON Schema construct that argument generation cannot honour, and where it sits in the schema.
 * The message is a full sentence for the report:
 * `cannot generate arguments: unsupported keyword "oneOf" at #/properties/target`.
 */
export class UnsupportedSchemaError extends Error {
  override readonly name = 'UnsupportedSchemaError';

  constructor(
    /** JSON pointer (URI fragment form) of the schema holding the construct, e.g. `#/properties/target`. */
    readonly pointer: string,
    /** What could not be honoured, e.g. `unsupported keyword "oneOf"`. */
    readonly construct: string,
  ) {
    super(`cannot generate arguments: ${construct} at ${pointer}`);
  }
}
