/** Replaces secrets in what hintproof prints and saves. */
export interface Redactor {
  /** True when there is anything to redact. */
  readonly active: boolean;
  text(text: string): string;
  /** A deep copy of a JSON-like value with every string redacted (objects and arrays rebuilt). */
  value<T>(value: T): T;
}

export const REDACTED = '[redacted]';

/**
 * A redactor for `secrets` (env values of a client config, passwords of URLs): each occurrence, longest
 * first, becomes `[redacted]`. Applied to every engine event before the reporters see it, to the report
 * before failures are saved, and to everything written to stdout and stderr.
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  const sorted = [...new Set(secrets)].filter((secret) => secret !== '').sort((a, b) => b.length - a.length);
  const text = (input: string): string =>
    sorted.reduce((current, secret) => current.split(secret).join(REDACTED), input);
  const value = <T>(input: T): T => {
    if (typeof input === 'string') return text(input) as T;
    if (Array.isArray(input)) return input.map((item: unknown) => value(item)) as T;
    if (typeof input === 'object' && input !== null) {
      return Object.fromEntries(
        Object.entries(input as Record<string, unknown>).map(([key, item]) => [text(key), value(item)]),
      ) as T;
    }
    return input;
  };
  return { active: sorted.length > 0, text, value: sorted.length > 0 ? value : <T>(input: T) => input };
}
