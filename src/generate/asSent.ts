/**
 * A value as the server will receive it after JSON serialisation (-0 becomes 0, `undefined` members vanish),
 * or `undefined` when it has no JSON form at all. Generated values are always in this form, so the guard judges
 * exactly what is sent.
 */
export function asSent(value: unknown): { value: unknown } | undefined {
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined ? undefined : { value: JSON.parse(text) as unknown };
}
