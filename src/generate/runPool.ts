import fc from 'fast-check';
import type { HarvestedValue } from '../../harness/index.js';
import { propertyRole, worksOnDirectories } from './propertyRole.js';

/** Values kept from one run's arguments and responses, at most; the first seen are kept. */
export const RUN_POOL_LIMIT = 200;

/** Longest string worth offering again: longer ones are prose, not names. */
const MAX_VALUE_LENGTH = 200;

/**
 * Values worth reusing that a run has seen (arguments it sent, responses it received): every string leaf, its
 * kind judged by the nearest property name (`path` → path, `dir` → directory, `noteId` → identifier, `name` →
 * name, else text).
 * Pure; in document order.
 */
export function valuesIn(value: unknown, propertyName?: string): HarvestedValue[] {
  if (typeof value === 'string') {
    if (value === '' || value.length > MAX_VALUE_LENGTH) return [];
    return [{ kind: kindOf(propertyName), value }];
  }
  if (Array.isArray(value)) return value.flatMap((item) => valuesIn(item, propertyName));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => valuesIn(item, key));
  }
  return [];
}

/**
 * The values of the arguments a call to `tool` succeeded with, as `valuesIn` judges them, except that the
 * paths a tool that works on directories (`create_directory`, `list_directory`, see `worksOnDirectories`)
 * accepted are directories. Pure.
 */
export function valuesInArguments(args: unknown, tool: string): HarvestedValue[] {
  const values = valuesIn(args);
  if (!worksOnDirectories({ name: tool })) return values;
  return values.map((entry) => (entry.kind === 'path' ? { ...entry, kind: 'directory' } : entry));
}

/** Pure: the run pool with more values: no duplicates (same kind and value), first seen first, capped. */
export function extendRunPool(
  pool: readonly HarvestedValue[],
  values: readonly HarvestedValue[],
): HarvestedValue[] {
  const seen = new Set(pool.map((entry) => `${entry.kind}\0${entry.value}`));
  const extended = [...pool];
  for (const entry of values) {
    const key = `${entry.kind}\0${entry.value}`;
    if (seen.has(key) || extended.length >= RUN_POOL_LIMIT) continue;
    seen.add(key);
    extended.push(entry);
  }
  return extended;
}

/**
 * A value to take from the run pool when the command is sent, not when it is generated: the pool of a run
 * grows with every call (earlier arguments and responses), so fast-check generates only the index (and a
 * fallback for an empty pool), and `resolveLiveChoices` picks the value at call time. Replay stays exact: the
 * same seed makes the same calls, which see the same responses and so the same pool.
 */
export class LiveChoice {
  constructor(
    readonly index: number,
    readonly kinds: readonly HarvestedValue['kind'][],
    readonly fallback: string,
    readonly accepts: (value: string) => boolean,
  ) {}
}

/** An arbitrary of live choices among pooled values of `kinds` that `accepts` admits, else `fallback`. */
export function liveChoice(
  kinds: readonly HarvestedValue['kind'][],
  fallback: fc.Arbitrary<string>,
  accepts: (value: string) => boolean,
): fc.Arbitrary<LiveChoice> {
  return fc
    .tuple(fc.nat({ max: RUN_POOL_LIMIT - 1 }), fallback)
    .map(([index, value]) => new LiveChoice(index, kinds, value, accepts));
}

/**
 * A whole object to take from the run's records when the command is sent: an item such as a relation
 * `{from, to, relationType}` that an earlier call created, so that a call deleting one names it exactly.
 * Like `LiveChoice`, fast-check generates only the index and the fallback.
 */
export class LiveRecord {
  constructor(
    readonly index: number,
    readonly fallback: unknown,
    readonly accepts: (value: unknown) => boolean,
  ) {}
}

/** An arbitrary of live choices among the run's records that `accepts` admits, else `fallback`. */
export function liveRecord(
  fallback: fc.Arbitrary<unknown>,
  accepts: (value: unknown) => boolean,
): fc.Arbitrary<LiveRecord> {
  return fc
    .tuple(fc.nat({ max: RUN_POOL_LIMIT - 1 }), fallback)
    .map(([index, value]) => new LiveRecord(index, value, accepts));
}

/**
 * Objects worth reusing whole that a run has seen (in its arguments and answers), at any depth, the outermost
 * value itself included. Pure; in document order.
 */
export function recordsIn(value: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(value)) return value.flatMap((item) => recordsIn(item));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  return [record, ...Object.values(record).flatMap((item) => recordsIn(item))];
}

/**
 * Pure: the arguments as they will be sent, every `LiveChoice` replaced by a value of the run pool (the
 * index taken modulo the candidates that fit) or by its fallback when none fits, and every `LiveRecord` by one
 * of the run's `records` that it accepts, or its fallback. Record these, not the generated form, in the
 * observation.
 */
export function resolveLiveChoices<T>(
  args: T,
  pool: readonly HarvestedValue[],
  records: readonly unknown[] = [],
): T {
  if (args instanceof LiveChoice) {
    const candidates = pool.filter((entry) => args.kinds.includes(entry.kind) && args.accepts(entry.value));
    const chosen = candidates[args.index % Math.max(1, candidates.length)];
    return (chosen?.value ?? args.fallback) as T;
  }
  if (args instanceof LiveRecord) {
    const candidates = records.filter((record) => args.accepts(record));
    const chosen = candidates[args.index % Math.max(1, candidates.length)];
    return (
      chosen === undefined ? resolveLiveChoices(args.fallback, pool, records) : structuredClone(chosen)
    ) as T;
  }
  if (Array.isArray(args)) return args.map((item: unknown) => resolveLiveChoices(item, pool, records)) as T;
  if (typeof args === 'object' && args !== null) {
    const resolved: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(args)) {
      Object.defineProperty(resolved, key, {
        value: resolveLiveChoices(value, pool, records),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return resolved as T;
  }
  return args;
}

function kindOf(propertyName: string | undefined): HarvestedValue['kind'] {
  const role = propertyRole(propertyName);
  if (role === 'path' || role === 'target') return 'path';
  if (role === 'directory') return 'directory';
  if (role === 'table') return 'table';
  if (role === 'name') return isIdentifierName(propertyName) ? 'identifier' : 'name';
  return 'text';
}

/** Whether a property names an identifier: `id`, `noteId`, `order_id`. */
export function isIdentifierName(propertyName: string | undefined): boolean {
  return /(?:^|[^a-z])id$|Id$|_id$/.test(propertyName ?? '');
}
