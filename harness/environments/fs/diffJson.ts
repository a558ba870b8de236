import { identityKey, identityToken } from './identityKey.js';
import type { JsonValue } from './jsonValue.js';
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
 */
export function diffJson(before: JsonValue, after: JsonValue, limit: number): RecordDiff {
  const differ = new Differ(limit);
  differ.value(before, after, []);
  return { changes: differ.changes, omitted: differ.omitted };
}

interface Element {
  readonly token: string;
  readonly label: string;
  readonly keyed: boolean;
}

class Differ {
  readonly changes: RecordChange[] = [];
  readonly omitted: Record<RecordChangeKind, number> = { add: 0, modify: 0, delete: 0 };
  private readonly canonical = new Canonical();

  constructor(private readonly limit: number) {}

  value(a: JsonValue, b: JsonValue, at: readonly string[]): void {
    if (a === b || this.canonical.of(a) === this.canonical.of(b)) return;
    if (Array.isArray(a) && Array.isArray(b)) this.array(a, b, at);
    else if (isJsonObject(a) && isJsonObject(b)) this.object(a, b, at);
    else this.emit('modify', at, () => `${this.short(a, 40)} → ${this.short(b, 40)}`);
  }

  private object(a: Record<string, JsonValue>, b: Record<string, JsonValue>, at: readonly string[]): void {
    for (const [key, old] of Object.entries(a)) {
      const path = [...at, keySegment(key)];
      if (!Object.hasOwn(b, key)) this.emit('delete', path, () => this.short(old));
      else this.value(old, b[key] as JsonValue, path);
    }
    for (const [key, now] of Object.entries(b)) {
      if (!Object.hasOwn(a, key)) this.emit('add', [...at, keySegment(key)], () => this.short(now));
    }
  }

  private array(a: readonly JsonValue[], b: readonly JsonValue[], at: readonly string[]): void {
    const field = identityKey([a, b]);
    const oldElements = a.map((item) => this.element(item, field));
    const newElements = b.map((item) => this.element(item, field));

    const waiting = new Map<string, number[]>();
    oldElements.forEach((element, i) => {
      const list = waiting.get(element.token);
      if (list === undefined) waiting.set(element.token, [i]);
      else list.push(i);
    });
    const taken = new Map<string, number>();
    const partnerOf: (number | undefined)[] = new Array<number | undefined>(b.length);
    const matchedOld = new Array<number | undefined>(a.length);
    newElements.forEach((element, j) => {
      const list = waiting.get(element.token);
      const next = taken.get(element.token) ?? 0;
      if (list === undefined || next >= list.length) return;
      const i = list[next] as number;
      taken.set(element.token, next + 1);
      partnerOf[j] = i;
      matchedOld[i] = j;
    });

    let last = -1;
    const crossed = matchedOld.some((j) => {
      if (j === undefined) return false;
      if (j < last) return true;
      last = j;
      return false;
    });
    const matched = matchedOld.filter((j) => j !== undefined).length;
    const tokens = (elements: Element[]): string[] => elements.map((element) => element.token);
    if (crossed && !hasOrderedMatching(tokens(oldElements), tokens(newElements), matched)) {
      this.emit('modify', at, () => 'order changed');
    }

    newElements.forEach((element, j) => {
      const i = partnerOf[j];
      const path = [...at, element.label];
      if (i === undefined) this.emit('add', path, () => this.short(b[j] as JsonValue));
      else if (element.keyed) this.value(a[i] as JsonValue, b[j] as JsonValue, path);
    });
    oldElements.forEach((element, i) => {
      if (matchedOld[i] === undefined)
        this.emit('delete', [...at, element.label], () => this.short(a[i] as JsonValue));
    });
  }

  private element(item: JsonValue, field: string | undefined): Element {
    if (field !== undefined && isJsonObject(item) && Object.hasOwn(item, field)) {
      const id = item[field] as string | number;
      const token = identityToken(id);
      if (token !== undefined)
        return { token: `k${token}`, label: `[${field}=${scalarLabel(id)}]`, keyed: true };
    }
    const text = this.canonical.of(item);
    return { token: `v${text}`, label: `[${shorten(text, LABEL_CHARS, true)}]`, keyed: false };
  }

  private short(value: JsonValue, max = DETAIL_CHARS): string {
    return shorten(this.canonical.of(value), max);
  }

  private emit(kind: RecordChangeKind, at: readonly string[], detail: () => string): void {
    if (this.changes.length < this.limit) this.changes.push({ kind, at, detail: detail() });
    else this.omitted[kind]++;
  }
}
