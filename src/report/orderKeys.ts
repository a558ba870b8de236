/**
 * A shallow copy of `value` whose keys come in the order of `keys` (those present), followed by any other keys
 * in their original order. Values are unchanged.
 */
export function orderKeys<T extends object>(value: T, keys: readonly (keyof T)[]): T {
  const ordered: Partial<T> = {};
  for (const key of keys) {
    if (key in value) ordered[key] = value[key];
  }
  return Object.assign(ordered, value);
}
