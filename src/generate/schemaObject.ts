/** A JSON Schema in object form (as opposed to the boolean schemas `true` and `false`). */
export type SchemaObject = Readonly<Record<string, unknown>>;

export function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
