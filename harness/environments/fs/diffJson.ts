import type { ParseBudget } from '../parseBudget.js';
import { identityKey, identityToken, weakIdentity } from './identityKey.js';
import type { JsonValue } from './jsonValue.js';
import { alignRecords } from './alignRecords.js';
import { crosses, emptyMatching, pairEqual } from './matchElements.js';
import { hasOrderedMatching } from './orderedMatching.js';
import {
  Canonical,
  DETAIL_CHARS,
  LABEL_CHARS,
  isJsonObject,
  keySegment,
  scalarLabel,
  shorten,
} from './jsonValue.js';

export type RecordChangeKind = 'add' | 'modify' | 'delete';

/** One record-level difference inside a JSON document. */
export interface RecordChange {
  readonly kind: RecordChangeKind;
  /**
   * Where, from the document root: object keys as JSON-pointer segments (`bookmarks`), array elements as
   * `[id=b1]` when matched by an identity field, else as `[<canonical JSON>]` (cut, with a hash, when long).
   * Empty for the root itself.
   */
  readonly at: readonly string[];
  readonly detail: string;
}

export interface RecordDiff {
  /** At most `limit` changes, in document order (deletions of an array's elements after its other changes). */
  readonly changes: readonly RecordChange[];
  /** Changes found beyond `limit`, counted by kind. */
  readonly omitted: Readonly<Record<RecordChangeKind, number>>;
}

/**
 * The record-level changes from `before` to `after` (two parsed JSON documents). Pure.
 *
 * - Objects: a key only in `after` is an `add`, only in `before` a `delete`; keys in both are compared deeper.
 *   Key order is never a change.
 * - Arrays: elements are matched by identity, never by position. Object elements are matched on an identity
 *   field when one works (see `identityKey`) and compared deeper; every other element (objects without that
 *   field, scalars, nested arrays) is matched by value, as a multiset. Unmatched old elements are `delete`s,
 *   unmatched new ones `add`s; so an old array that is an order-preserving subsequence of the new one shows
 *   only `add`s. When the matched elements cannot be paired in one relative order, the array itself is a
 *   `modify` (`order changed`): a reorder changes the document (see `hasOrderedMatching`).
 * - Anything else that differs (scalars, or a value that changed type) is a `modify`, detail `old → new`.
 * - Values that are deep-equal are no change, whatever their bytes (whitespace, key order, `1.0` vs `1`).
 *
 * With `budget`, each value compared is a step of it and each serialisation made is spent from it.
 */
export function diffJson(
  before: JsonValue,
  after: JsonValue,
  limit: number,
  budget?: ParseBudget,
): RecordDiff {
  const differ = new Differ(limit, budget);
  differ.value(before, after, undefined);
  return { changes: differ.changes, omitted: differ.omitted };
}

/**
 * One change that stands for the changes a diff did not list (`RecordDiff.omitted`), or `undefined` when it
 * listed them all. Its kind is the most destructive among them (`delete`, else `modify`, else `add`), so checks
 * see what they would have seen; the detail counts them by kind. Pure.
 */
export function summariseOmitted(
  omitted: Readonly<Record<RecordChangeKind, number>>,
): { kind: RecordChangeKind; detail: string } | undefined {
  const rest = omitted.add + omitted.modify + omitted.delete;
  if (rest === 0) return undefined;
  const kind: RecordChangeKind = omitted.delete > 0 ? 'delete' : omitted.modify > 0 ? 'modify' : 'add';
  const counts = (['add', 'modify', 'delete'] as const)
    .filter((k) => omitted[k] > 0)
    .map((k) => `${omitted[k]} ${k}`)
    .join(', ');
  return { kind, detail: `${rest} more record ${rest === 1 ? 'change' : 'changes'} not listed (${counts})` };
}

/** Where the differ is: a segment and its parent, turned into `RecordChange.at` only for a change. */
interface Location {
  readonly parent: Location | undefined;
  readonly segment: string;
}

function segmentsOf(location: Location | undefined): string[] {
  const segments: string[] = [];
  for (let at = location; at !== undefined; at = at.parent) segments.push(at.segment);
  return segments.reverse();
}

class Differ {
  readonly changes: RecordChange[] = [];
  readonly omitted: Record<RecordChangeKind, number> = { add: 0, modify: 0, delete: 0 };
  private readonly canonical = new Canonical();

  constructor(
    private readonly limit: number,
    private readonly budget: ParseBudget | undefined,
  ) {}

  value(a: JsonValue, b: JsonValue, at: Location | undefined): void {
    if (a === b) return;
    this.budget?.step();
    // Below the root, identical serialisations are the common case and the cheapest to rule out (natively).
    if (at !== undefined && typeof a === 'object' && this.sameText(a, b)) return;
    if (Array.isArray(a) && Array.isArray(b)) this.array(a, b, at);
    else if (isJsonObject(a) && isJsonObject(b)) this.object(a, b, at);
    else if (typeof a === 'object' || typeof b === 'object' || a !== b) {
      this.emit('modify', at, () => `${this.short(a, 40)} → ${this.short(b, 40)}`);
    }
  }

  /** Whether two values serialise alike; the text made is spent (each level of a deep document again). */
  private sameText(a: JsonValue, b: JsonValue): boolean {
    const left = JSON.stringify(a);
    const right = JSON.stringify(b);
    this.budget?.spend(left.length + right.length, 'serialising a nested value');
    return left === right;
  }

  private object(a: Record<string, JsonValue>, b: Record<string, JsonValue>, at: Location | undefined): void {
    const child = (key: string): Location => ({ parent: at, segment: keySegment(key) });
    for (const [key, old] of Object.entries(a)) {
      if (!Object.hasOwn(b, key)) this.emit('delete', child(key), () => this.short(old));
      else if (old !== b[key]) this.value(old, b[key] as JsonValue, child(key));
    }
    for (const [key, now] of Object.entries(b)) {
      if (!Object.hasOwn(a, key)) this.emit('add', child(key), () => this.short(now));
    }
  }

  /**
   * Pairs elements by identity value, else by serialisation, then the rest by canonical JSON (equal values
   * written with keys in another order); recurses into pairs matched by identity.
   */
  private array(a: readonly JsonValue[], b: readonly JsonValue[], at: Location | undefined): void {
    const field = identityKey([a, b]);
    const oldIds = a.map((item) => this.identity(item, field));
    const newIds = b.map((item) => this.identity(item, field));
    let matching = emptyMatching(a.length, b.length);
    const serialised = (items: readonly JsonValue[], ids: readonly (string | undefined)[]): string[] =>
      items.map((item, i) => ids[i] ?? JSON.stringify(item));
    pairEqual(matching, serialised(a, oldIds), serialised(b, newIds));
    const leftover = (
      items: readonly JsonValue[],
      ids: readonly (string | undefined)[],
      partners: readonly (number | undefined)[],
    ) =>
      items.map((item, i) =>
        ids[i] === undefined && partners[i] === undefined ? this.canonical.of(item) : undefined,
      );
    if (matching.matched < Math.min(a.length, b.length)) {
      pairEqual(matching, leftover(a, oldIds, matching.matchedOld), leftover(b, newIds, matching.partnerOf));
    }
    const tokens = (items: readonly JsonValue[], ids: readonly (string | undefined)[]): string[] =>
      items.map((item, i) => ids[i] ?? this.canonical.of(item));
    // New elements paired by a weak identity (a like record changed in place), by index.
    let weakPaired: ReadonlySet<number> = new Set();
    if (matching.matched < Math.min(a.length, b.length)) {
      // Records that share an identity-like value (two entities named alike) still pair by it, in order: a
      // record changed in place is a modify, not a delete and an add.
      const weak = (items: readonly JsonValue[], partners: readonly (number | undefined)[]) =>
        items.map((item, i) => (partners[i] === undefined ? weakIdentity(item) : undefined));
      const unpaired = b.flatMap((_, j) => (matching.partnerOf[j] === undefined ? [j] : []));
      pairEqual(matching, weak(a, matching.matchedOld), weak(b, matching.partnerOf));
      weakPaired = new Set(unpaired.filter((j) => matching.partnerOf[j] !== undefined));
      // Equal records paired first come first served can cross the pairs of like ones (`[a, a]` → `[a′, a]`):
      // the order-preserving pairing, when there is one, is the truth.
      if (weakPaired.size > 0 && crosses(matching)) {
        const everyWeak = (items: readonly JsonValue[], ids: readonly (string | undefined)[]) =>
          items.map((item, i) => (ids[i] === undefined ? weakIdentity(item) : undefined));
        const exact = { before: tokens(a, oldIds), after: tokens(b, newIds) };
        const aligned = alignRecords(exact, { before: everyWeak(a, oldIds), after: everyWeak(b, newIds) });
        if (aligned !== undefined && !crosses(aligned)) {
          matching = aligned;
          weakPaired = new Set(
            b.flatMap((_, j) => {
              const i = aligned.partnerOf[j];
              return i !== undefined && exact.before[i] !== exact.after[j] ? [j] : [];
            }),
          );
        }
      }
    }
    if (crosses(matching)) {
      if (!hasOrderedMatching(tokens(a, oldIds), tokens(b, newIds), matching.matched)) {
        this.emit('modify', at, () => 'order changed');
      }
    }

    const child = (item: JsonValue, id: string | undefined): Location => {
      // A record paired by identity, or by a weak one (changed in place), is named by it: `[name=a]`.
      const named = id !== undefined ? field : weakIdentity(item)?.split('\u0000', 1)[0];
      return {
        parent: at,
        segment:
          named !== undefined && isJsonObject(item)
            ? `[${named}=${scalarLabel(item[named] as string | number)}]`
            : `[${shorten(this.canonical.of(item), LABEL_CHARS, true)}]`,
      };
    };
    b.forEach((now, j) => {
      const i = matching.partnerOf[j];
      if (i === undefined) this.emit('add', child(now, newIds[j]), () => this.short(now));
      // Paired by identity, or by a weak one (a like record changed in place): what changed inside it.
      else if (newIds[j] !== undefined || weakPaired.has(j))
        this.value(a[i] as JsonValue, now, child(now, newIds[j]));
    });
    a.forEach((old, i) => {
      if (matching.matchedOld[i] === undefined)
        this.emit('delete', child(old, oldIds[i]), () => this.short(old));
    });
  }

  /** `\0` + the element's identity value when it has the identity field, else `undefined`. */
  private identity(item: JsonValue, field: string | undefined): string | undefined {
    if (field === undefined || !isJsonObject(item)) return undefined;
    const token = identityToken(item[field]);
    return token === undefined ? undefined : `\0${token}`;
  }

  private short(value: JsonValue, max = DETAIL_CHARS): string {
    return shorten(this.canonical.of(value), max);
  }

  private emit(kind: RecordChangeKind, at: Location | undefined, detail: () => string): void {
    if (this.changes.length < this.limit) this.changes.push({ kind, at: segmentsOf(at), detail: detail() });
    else this.omitted[kind]++;
  }
}
