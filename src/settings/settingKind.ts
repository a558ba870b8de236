import { collect, integerIn, keyValue, seconds as parseSeconds } from './parseValues.js';

/**
 * What kind of value a setting holds, and so how it is read from the command line, checked in a config file
 * and written back into a replay line. A kind without `parse` is a switch: its flag alone sets it.
 */
export interface SettingKind<T> {
  /** Reads one command-line value; `previous` is what the same flag gave before (repeatable kinds). */
  parse?(value: string, previous?: T): T;
  /** The JSON Schema of its value in a config file. */
  readonly schema: Readonly<Record<string, unknown>>;
  /** Its arguments in a replay line, one per time the flag is given (none: the flag is left out). */
  words(value: T): readonly string[];
  /** A file or directory: absolute in a replay line, relative to the config's directory in a config file. */
  readonly path?: { readonly example: string };
  /** Given several times, the values add up (and a config's values come before the command line's). */
  readonly repeatable?: boolean;
  /** The values commander accepts (its own "Allowed choices are …" error). */
  readonly choices?: readonly string[];
}

/** The value a kind holds. */
export type KindValue<K> = K extends SettingKind<infer T> ? T : never;

/** A switch: `--into-sandbox` sets true; `--no-isolation` sets false (its setting is true unless given). */
export const switchKind: SettingKind<boolean> = { schema: { type: 'boolean' }, words: () => [] };

/** Any text. */
export const text: SettingKind<string> = {
  parse: (value) => value,
  schema: { type: 'string' },
  words: (v) => [v],
};

/** A file or directory name; `example` is shown when a flag is given in its place. */
export function path(example: string): SettingKind<string> {
  return { ...text, path: { example } };
}

/** A whole number within [min, max]. */
export function integer(min: number, max: number): SettingKind<number> {
  return {
    parse: integerIn(min, max),
    schema: { type: 'integer', minimum: min, maximum: max },
    words: (value) => [String(value)],
  };
}

/** A positive number of seconds, fractions allowed (a day at most). */
export const seconds: SettingKind<number> = {
  parse: parseSeconds,
  schema: { type: 'number', exclusiveMinimum: 0, maximum: 86_400 },
  words: (value) => [String(value)],
};

/** One of `choices`. */
export function oneOf<const C extends readonly string[]>(choices: C): SettingKind<C[number]> {
  return { schema: { enum: choices }, words: (value) => [value], choices, parse: (value) => value };
}

/** A repeatable text flag: `--ignore a --ignore b`. */
export const texts: SettingKind<readonly string[]> = {
  parse: (value, previous) => collect(value, previous === undefined ? [] : [...previous]),
  schema: { type: 'array', items: { type: 'string' } },
  words: (values) => values,
  repeatable: true,
};

/** Repeatable `KEY=VALUE` pairs: `--env A=1 --env B={fs}`. */
export const keyValues: SettingKind<Readonly<Record<string, string>>> = {
  parse: (value, previous) => keyValue(value, previous === undefined ? {} : { ...previous }),
  schema: { type: 'object', additionalProperties: { type: 'string' } },
  words: (pairs) => Object.entries(pairs).map(([key, value]) => `${key}=${value}`),
  repeatable: true,
};

/** A list in one flag, parsed by `parse` (`--reporter text,junit`, `--producers a,b`). */
export function list<T extends string>(
  parse: (value: string, previous?: T[]) => T[],
  items: Readonly<Record<string, unknown>>,
): SettingKind<readonly T[]> {
  return {
    parse: (value, previous) => parse(value, previous === undefined ? undefined : [...previous]),
    schema: { type: 'array', items },
    words: (values) => [values.join(',')],
  };
}
