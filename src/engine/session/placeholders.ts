/**
 * Replaces every `{name}` whose name is a known placeholder (`{fs}`, later `{pg}`, `{pg.host}`…) with its value.
 * Unknown braces are left alone, so JSON or shell text in arguments passes through.
 */
export function substitute(text: string, placeholders: Readonly<Record<string, string>>): string {
  return text.replace(/\{([a-z][a-z0-9.]*)\}/gi, (match, name: string) => placeholders[name] ?? match);
}

/** `substitute` applied to every string inside a JSON-like value. */
export function substituteDeep<T>(value: T, placeholders: Readonly<Record<string, string>>): T {
  if (typeof value === 'string') return substitute(value, placeholders) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => substituteDeep(item, placeholders)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, substituteDeep(item, placeholders)]),
    ) as T;
  }
  return value;
}

/** The placeholder names a text uses, e.g. `['fs']` for `node server.js {fs}`. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(/\{([a-z][a-z0-9.]*)\}/gi)].map((match) => match[1] ?? '');
}

/**
 * The inverse of `substitute` for reports: every occurrence of a placeholder's value (a run's sandbox path)
 * turned back into the placeholder, so that evidence reads `{fs}/a.md` and is the same from run to run.
 */
export function withPlaceholders(text: string, placeholders: Readonly<Record<string, string>>): string {
  let result = text;
  for (const [name, value] of Object.entries(placeholders)) {
    if (value.length > 1) result = result.split(value).join(`{${name}}`);
  }
  return result;
}

/**
 * `withPlaceholders` applied to every string inside a JSON-like value: a tool's answer as hintproof keeps it,
 * so that what it says about the sandbox (`no such file: {fs}/a.md`) is the same from run to run, and the
 * values taken from it into later calls name the current sandbox once substituted again.
 */
export function withPlaceholdersDeep<T>(value: T, placeholders: Readonly<Record<string, string>>): T {
  if (typeof value === 'string') return withPlaceholders(value, placeholders) as T;
  if (Array.isArray(value))
    return value.map((item: unknown) => withPlaceholdersDeep(item, placeholders)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withPlaceholdersDeep(item, placeholders)]),
    ) as T;
  }
  return value;
}
