import fc from 'fast-check';
import type { HarvestedValue } from '../../harness/index.js';
import { propertyRole, worksOnDirectories } from './propertyRole.js';
import { namesForProperty, normalisedName, sourceNames } from './sourceNames.js';

/** Values kept from one run's arguments and responses, at most; the first seen are kept. */
export const SEEN_VALUES_LIMIT = 200;

/** Longest string worth offering again: longer ones are prose, not names. */
const MAX_VALUE_LENGTH = 200;

/** A value seen in a run, with the names of the key it sat under (see `sourceNames`), when it had one. */
export interface FoundValue extends HarvestedValue {
  readonly names?: readonly string[];
}

/** Where a run saw a pooled value: under which key names, in which tool's answer or accepted arguments. */
export interface ValueSource {
  readonly names: readonly string[];
  readonly tool: string;
  readonly from: 'answer' | 'arguments';
}

/** A seen value and where the session saw it, first seen first (at most `MAX_SOURCES` places). */
export interface SeenValue extends HarvestedValue {
  readonly sources?: readonly ValueSource[];
}

/** Places kept per pooled value: enough to know its first maker and the keys it went by. */
const MAX_SOURCES = 4;

/**
 * Values worth reusing that a run has seen (arguments it sent, responses it received): every string leaf (and
 * every whole number under an id's name, see `isIntegerIdName`, as the identifier it is), its
 * kind judged by the nearest property name (`path` → path, `dir` → directory, `noteId` → identifier, `name` →
 * name, else text), with the names its key answers to (`holder`: the key of the object it sits in).
 * Pure; in document order.
 */
export function valuesIn(value: unknown, propertyName?: string, holder?: string): FoundValue[] {
  if (typeof value === 'string') {
    if (value === '' || value.length > MAX_VALUE_LENGTH) return [];
    const names = sourceNames(propertyName, holder);
    return [{ kind: kindOf(propertyName), value, ...(names.length === 0 ? {} : { names }) }];
  }
  // A whole number under an id's name (`{"id": 7}`, `issue_number`) is an id an integer argument may take.
  if (typeof value === 'number' && Number.isSafeInteger(value) && isIntegerIdName(propertyName)) {
    const names = sourceNames(propertyName, holder);
    return [{ kind: 'identifier', value: String(value), ...(names.length === 0 ? {} : { names }) }];
  }
  if (Array.isArray(value)) return value.flatMap((item) => valuesIn(item, propertyName, holder));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => valuesIn(item, key, propertyName));
  }
  return [];
}

/**
 * The values of the arguments a call to `tool` succeeded with, as `valuesIn` judges them, except that the
 * paths a tool that works on directories (`create_directory`, `list_directory`, see `worksOnDirectories`)
 * accepted are directories. Pure.
 */
export function valuesInArguments(args: unknown, tool: string): FoundValue[] {
  const values = valuesIn(args);
  if (!worksOnDirectories({ name: tool })) return values;
  return values.map((entry) => (entry.kind === 'path' ? { ...entry, kind: 'directory' } : entry));
}

/** Pure: found values as the seen values keep them, each with its place (`tool`'s answer or arguments). */
export function seenFrom(
  values: readonly FoundValue[],
  tool: string,
  from: ValueSource['from'],
): SeenValue[] {
  return values.map(({ names, ...entry }) => ({ ...entry, sources: [{ names: names ?? [], tool, from }] }));
}

/**
 * Pure: the seen values with more values: no duplicates (same kind and value: a value seen again gains the
 * place it was seen, up to `MAX_SOURCES`), first seen first, capped.
 */
export function extendSeenValues(seen: readonly SeenValue[], values: readonly SeenValue[]): SeenValue[] {
  const extended = [...seen];
  const at = new Map(seen.map((entry, index) => [`${entry.kind}\0${entry.value}`, index]));
  for (const entry of values) {
    const key = `${entry.kind}\0${entry.value}`;
    const index = at.get(key);
    if (index !== undefined) {
      extended[index] = withSources(extended[index] as SeenValue, entry.sources ?? []);
      continue;
    }
    if (extended.length >= SEEN_VALUES_LIMIT) continue;
    at.set(key, extended.length);
    extended.push(entry);
  }
  return extended;
}

function withSources(entry: SeenValue, more: readonly ValueSource[]): SeenValue {
  const sources = [...(entry.sources ?? [])];
  for (const source of more) {
    if (sources.length >= MAX_SOURCES) break;
    const same = sources.some(
      (known) =>
        known.tool === source.tool &&
        known.from === source.from &&
        known.names.join('\0') === source.names.join('\0'),
    );
    if (!same) sources.push(source);
  }
  return sources.length === (entry.sources ?? []).length ? entry : { ...entry, sources };
}

/**
 * A value to take from the seen values when the command is sent, not when it is generated: a session's seen values
 * grow with every call (earlier arguments and responses), so fast-check generates only the index (and a
 * fallback for when none fits), and `resolveLiveChoices` picks the value at call time. Replay stays exact: the
 * same seed makes the same calls, which see the same responses and so the same seen values. `property` (normalised,
 * see `normalisedName`) is the name of the property it fills: values seen under that name are taken first.
 */
export class LiveChoice {
  constructor(
    readonly index: number,
    readonly kinds: readonly HarvestedValue['kind'][],
    /** The value sent when no seen value fits: a string, or a number for an `integer` choice. */
    readonly fallback: string | number,
    readonly accepts: (value: string) => boolean,
    readonly property?: string,
    /** Only values seen under `property`'s name: with none, the fallback (not any value of the kinds). */
    readonly onlyNamed = false,
    /** The property is an integer: the seen value (digits, as every seen value is a string) is sent as a number. */
    readonly integer = false,
  ) {}
}

/**
 * An arbitrary of live choices among pooled values of `kinds` that `accepts` admits (those seen under the
 * name `property` first; with `onlyNamed`, only those), else `fallback`.
 */
export function liveChoice(
  kinds: readonly HarvestedValue['kind'][],
  fallback: fc.Arbitrary<string>,
  accepts: (value: string) => boolean,
  property?: string,
  onlyNamed = false,
): fc.Arbitrary<LiveChoice> {
  const name = property === undefined ? undefined : normalisedName(property);
  return fc
    .tuple(fc.nat({ max: SEEN_VALUES_LIMIT - 1 }), fallback)
    .map(([index, value]) => new LiveChoice(index, kinds, value, accepts, name || undefined, onlyNamed));
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
    .tuple(fc.nat({ max: SEEN_VALUES_LIMIT - 1 }), fallback)
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
 * Pure: the arguments as they will be sent, every `LiveChoice` replaced by a value of the seen values (the
 * index taken modulo the candidates that fit: those seen under the property's own name when there are any,
 * see `matchesProperty`) or by its fallback when none fits, and every `LiveRecord` by one of the run's
 * `records` that it accepts, or its fallback. `caller`: the tool the arguments are for. Record these, not the
 * generated form, in the observation.
 */
export function resolveLiveChoices<T>(
  args: T,
  seen: readonly SeenValue[],
  records: readonly unknown[] = [],
  caller?: string,
): T {
  const resolve = <V>(value: V): V => resolveLiveChoices(value, seen, records, caller);
  if (args instanceof LiveChoice) {
    const candidates = seen.filter((entry) => args.kinds.includes(entry.kind) && args.accepts(entry.value));
    const named = candidates.filter((entry) => matchesProperty(entry, args.property, caller));
    const from = named.length > 0 || args.onlyNamed ? named : candidates;
    const chosen = from[args.index % Math.max(1, from.length)];
    if (chosen === undefined) return args.fallback as T;
    return (args.integer ? Number(chosen.value) : chosen.value) as T;
  }
  if (args instanceof LiveRecord) {
    const candidates = records.filter((record) => args.accepts(record));
    const chosen = candidates[args.index % Math.max(1, candidates.length)];
    return (chosen === undefined ? resolve(args.fallback) : structuredClone(chosen)) as T;
  }
  if (Array.isArray(args)) return args.map((item: unknown) => resolve(item)) as T;
  if (typeof args === 'object' && args !== null) {
    const resolved: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(args)) {
      Object.defineProperty(resolved, key, {
        value: resolve(value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return resolved as T;
  }
  return args;
}

/**
 * Whether a pooled value was seen under the name of the property to fill (`requestId` ← an answer's
 * `requestId`; an `id` of `complete_task` ← a `taskId`, see `namesForProperty`), in a call of another tool
 * than the one being called: what a tool took or answered before names nothing new for it (a delete would
 * name what it already deleted, a create what it already made). Pure.
 */
function matchesProperty(
  entry: SeenValue,
  property: string | undefined,
  caller: string | undefined,
): boolean {
  if (property === undefined) return false;
  const wanted = namesForProperty(property, caller);
  return (entry.sources ?? []).some(
    (source) => source.tool !== caller && source.names.some((name) => wanted.includes(name)),
  );
}

function kindOf(propertyName: string | undefined): HarvestedValue['kind'] {
  const role = propertyRole(propertyName);
  if (role === 'path' || role === 'target') return 'path';
  if (role === 'directory') return 'directory';
  if (role === 'table') return 'table';
  if (role === 'name') return isIdentifierName(propertyName) ? 'identifier' : 'name';
  if (role === 'filename') return 'name';
  return 'text';
}

/** Whether a property names an identifier: `id`, `noteId`, `order_id`. */
export function isIdentifierName(propertyName: string | undefined): boolean {
  return /(?:^|[^a-z])id$|Id$|_id$/.test(propertyName ?? '');
}

/**
 * Whether a whole-number property names something by its number: an identifier (`id`, `ticket_id`), or a
 * number a tracker gives its items (`issue_number`, `ticketNo`, `pr_num`); not a count (`limit`, `count`).
 */
export function isIntegerIdName(propertyName: string | undefined): boolean {
  return (
    isIdentifierName(propertyName) ||
    /[a-z0-9][_-](?:number|num|no|nr)$|[a-z](?:Number|Num|No|Nr)$/.test(propertyName ?? '')
  );
}
