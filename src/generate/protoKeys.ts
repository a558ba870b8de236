/**
 * What a key named `__proto__` is called where ajv sees it. ajv leaves a property of that name out of the code
 * it generates (`properties`, `additionalProperties`, `required` read `data.__proto__`, the prototype), so a
 * schema declaring one rejects every object that has it. A name no schema or server uses instead.
 */
const ALIAS = '__proto__\u0000hintproof';

/** The keywords whose strings name properties (`required: ["__proto__"]`). */
const NAME_LISTS: ReadonlySet<string> = new Set(['required', 'dependentRequired', 'dependencies']);

/** True when `__proto__` appears as a key or a string anywhere in `value` (a schema or arguments). */
export function mentionsProto(value: unknown): boolean {
  if (typeof value === 'string') return value === '__proto__';
  if (Array.isArray(value)) return value.some(mentionsProto);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, item]) => key === '__proto__' || mentionsProto(item));
}

/**
 * A copy of `value` (a schema, or a value to validate against one) with every own key `__proto__` renamed to
 * the alias, and in a schema (`schema: true`) every `__proto__` in a list of property names. Objects are built
 * with defineProperty: no key reaches a prototype setter.
 */
export function aliasProto(value: unknown, schema: boolean, names = false): unknown {
  if (Array.isArray(value)) {
    return value.map((item: unknown) =>
      names && item === '__proto__' ? ALIAS : aliasProto(item, schema, names),
    );
  }
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const isList = schema && NAME_LISTS.has(key);
    Object.defineProperty(copy, key === '__proto__' ? ALIAS : key, {
      value: aliasProto(item, schema, isList || (names && key !== '__proto__' && Array.isArray(item))),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/** ajv's words with the alias named as the server did. */
export function unaliasProto(text: string): string {
  return text.split(ALIAS).join('__proto__');
}
