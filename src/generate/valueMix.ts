import { posix } from 'node:path';
import fc from 'fast-check';
import type { HarvestedValue } from '../../harness/index.js';
import { FRESH_NAME_LENGTH, freshName } from './freshName.js';
import { propertyRole } from './propertyRole.js';
import type { PropertyRole } from './propertyRole.js';
import { isIdentifierName, liveChoice } from './seenValues.js';

/** Length bounds of a string schema, counted in code points as JSON Schema does. */
export interface StringLengths {
  readonly minLength: number;
  readonly maxLength: number | undefined;
}

type Source = 'preferred' | 'otherHarvested' | 'fresh' | 'random';

/**
 * How each role mixes its sources, in shrinking order (a failing value is first tried as the first source's
 * simplest value): paths and names lean on existing entities, then new ones next to them; free text is mostly
 * random.
 */
const MIX: Readonly<
  Record<PropertyRole, { kinds: readonly HarvestedValue['kind'][]; weights: ReadonlyArray<[Source, number]> }>
> = {
  path: {
    kinds: ['path', 'directory'],
    weights: [
      ['preferred', 5],
      ['fresh', 3],
      ['random', 2],
    ],
  },
  // Directories first; files are offered too (a tool that takes a file or a directory), then new ones.
  directory: {
    kinds: ['directory'],
    weights: [
      ['preferred', 5],
      ['fresh', 2],
      ['otherHarvested', 1],
      ['random', 1],
    ],
  },
  target: {
    kinds: ['path', 'directory'],
    weights: [
      ['fresh', 5],
      ['preferred', 2],
      ['random', 1],
    ],
  },
  // A file's own name: the names of the files the sandbox holds first (`preferred` is their base names), new
  // names, and sometimes whole paths (`otherHarvested`), for a server whose `filename` is a path after all.
  filename: {
    kinds: ['path'],
    weights: [
      ['preferred', 4],
      ['fresh', 3],
      ['otherHarvested', 2],
      ['random', 1],
    ],
  },
  // Tables the database holds first (a drop or describe meets them), then new names (a create).
  table: {
    kinds: ['table'],
    weights: [
      ['preferred', 6],
      ['fresh', 2],
      ['otherHarvested', 1],
      ['random', 1],
    ],
  },
  name: {
    kinds: ['name', 'identifier', 'table'],
    weights: [
      ['preferred', 5],
      ['otherHarvested', 1],
      ['fresh', 3],
      ['random', 1],
    ],
  },
  text: {
    kinds: [],
    weights: [
      ['random', 6],
      ['otherHarvested', 2],
    ],
  },
};

/**
 * How a run's earlier values (`live`) weigh against the rest, per role: names and paths mostly meet what the
 * run just made; a destination mostly does not (it usually must not exist yet); free text sometimes does.
 */
const LIVE: Readonly<Record<PropertyRole, { kinds: readonly HarvestedValue['kind'][]; weight: number }>> = {
  path: { kinds: ['path', 'directory'], weight: 2 },
  // Only what the run saw as a directory (a `dir` argument): the paths it saw are mostly files.
  directory: { kinds: ['directory'], weight: 1 },
  target: { kinds: ['path', 'directory'], weight: 1 / 3 },
  // Only what the run saw under the property's own name (`LiveChoice.onlyNamed`): other names are not files.
  filename: { kinds: ['name', 'path'], weight: 1 },
  table: { kinds: ['table'], weight: 2 },
  name: { kinds: ['name', 'identifier', 'table'], weight: 2 },
  text: { kinds: ['text'], weight: 1 / 2 },
};

/**
 * Strings for a property, mixing harvested values (existing entities), fresh names next to them (new entities)
 * and random strings, steered by the property's name (see `propertyRole`). Harvested values keep placeholders
 * such as `{fs}` literal. With no harvested values, or when none fits the lengths, strings are random only.
 * With `live`, some values are `LiveChoice`s among the values seen earlier in the run (typed as strings here:
 * the engine resolves them before anything reads the arguments), those seen under the property's own name
 * first (`requestId` ← an answer's `requestId`), falling back to the mix above.
 */
export function valueMix(
  harvested: readonly HarvestedValue[],
  propertyName: string | undefined,
  lengths: StringLengths,
  live = false,
  role: PropertyRole = propertyRole(propertyName),
): fc.Arbitrary<string> {
  const mixed = mixedValues(harvested, role, lengths);
  if (!live) return mixed;
  const fits = (value: string): boolean => fitsLengths(codePointLength(value), lengths);
  const { kinds, weight } = LIVE[role];
  // An `id` property wants what the run saw as ids, not every name it saw.
  const wanted = isIdentifierName(propertyName) ? (['identifier'] as const) : kinds;
  const choice = liveChoice(
    wanted,
    mixed,
    fits,
    propertyName,
    role === 'filename',
  ) as unknown as fc.Arbitrary<string>;
  // An id refers to something made before: once the run saw values under the property's own name (`requestId`
  // in an answer), the rest of the mix takes them too, and stays as it was while it has seen none.
  const rest = isIdentifierName(propertyName)
    ? (liveChoice(wanted, mixed, fits, propertyName, true) as unknown as fc.Arbitrary<string>)
    : mixed;
  // Integer weights: fast-check's oneof wants them; `weight` is the live share relative to 1.
  const [liveWeight, restWeight] = weight >= 1 ? [weight, 1] : [1, Math.round(1 / weight)];
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: rest, weight: restWeight },
    { arbitrary: choice, weight: liveWeight },
  );
}

function mixedValues(
  harvested: readonly HarvestedValue[],
  role: PropertyRole,
  lengths: StringLengths,
): fc.Arbitrary<string> {
  const random = fc.string({
    minLength: lengths.minLength,
    ...(lengths.maxLength !== undefined && { maxLength: lengths.maxLength }),
  });
  if (harvested.length === 0) return random;
  const fits = (value: string): boolean => fitsLengths(codePointLength(value), lengths);
  const { kinds, weights } = MIX[role];
  const withKinds = harvested.filter((entry) => kinds.includes(entry.kind));
  // Files only: a directory's own name is no file name.
  const files = withKinds.filter((entry) => entry.kind === 'path').map((entry) => entry.value);
  const sources: Record<Source, fc.Arbitrary<string> | undefined> = {
    preferred: constantsFrom(
      role === 'filename' ? files.map((file) => posix.basename(file)) : withKinds.map((entry) => entry.value),
      fits,
    ),
    otherHarvested: constantsFrom(
      role === 'filename'
        ? files
        : harvested
            .filter(
              (entry) => !kinds.includes(entry.kind) && entry.kind !== 'relation' && entry.kind !== 'routine',
            )
            .map((entry) => entry.value),
      fits,
    ),
    fresh:
      role === 'text'
        ? undefined
        : freshEntity(
            role === 'name' || role === 'table' || role === 'filename' ? [''] : directoriesOf(harvested),
            lengths,
          ),
    random,
  };
  const mixed = weights.flatMap(([source, weight]) => {
    const arbitrary = sources[source];
    return arbitrary === undefined ? [] : [{ arbitrary, weight }];
  });
  return mixed.length === 1 ? random : fc.oneof({ withCrossShrink: true }, ...mixed);
}

/** One of the values that fit, simplest (shortest) first so shrinking goes there; `undefined` when none. */
function constantsFrom(
  values: readonly string[],
  fits: (value: string) => boolean,
): fc.Arbitrary<string> | undefined {
  const kept = [...new Set(values)].filter(fits).sort(simplestFirst);
  return kept.length === 0 ? undefined : fc.constantFrom(...kept);
}

/** Directories worth creating a new entry in: harvested directories and the parents of harvested paths. */
function directoriesOf(harvested: readonly HarvestedValue[]): string[] {
  const directories = new Set<string>();
  for (const { kind, value } of harvested) {
    if (kind === 'directory') directories.add(value.replace(/\/+$/, ''));
    const slash = value.lastIndexOf('/');
    if (kind === 'path' && slash > 0) directories.add(value.slice(0, slash));
  }
  return directories.size > 0 ? [...directories] : [''];
}

/** A fresh name inside one of the directories (`''` = relative, no directory), within the lengths. */
function freshEntity(
  directories: readonly string[],
  lengths: StringLengths,
): fc.Arbitrary<string> | undefined {
  const prefixes = directories
    .map((directory) => (directory === '' ? '' : `${directory}/`))
    .filter((prefix) => {
      const length = codePointLength(prefix);
      const longest = length + FRESH_NAME_LENGTH.max;
      return (
        fitsLengths(length + FRESH_NAME_LENGTH.min, { ...lengths, minLength: 0 }) &&
        longest >= lengths.minLength
      );
    })
    .sort(simplestFirst);
  if (prefixes.length === 0) return undefined;
  const fresh = fc
    .tuple(fc.constantFrom(...prefixes), freshName())
    .map(([prefix, name]) => `${prefix}${name}`);
  const constrained = lengths.minLength > FRESH_NAME_LENGTH.min || lengths.maxLength !== undefined;
  return constrained ? fresh.filter((value) => fitsLengths(codePointLength(value), lengths)) : fresh;
}

/** Shorter first, then by code unit order: independent of the order in which values were harvested. */
function simplestFirst(a: string, b: string): number {
  return codePointLength(a) - codePointLength(b) || (a < b ? -1 : a > b ? 1 : 0);
}

function fitsLengths(length: number, lengths: StringLengths): boolean {
  return length >= lengths.minLength && (lengths.maxLength === undefined || length <= lengths.maxLength);
}

function codePointLength(value: string): number {
  return [...value].length;
}
