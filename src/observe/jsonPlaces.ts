import { Canonical } from '../../harness/index.js';
import type { JsonValue } from '../../harness/index.js';

/**
 * A place in a JSON document with every array element generalised: the root is `''`, an object key `key`
 * below place `p` is `p."key"` (the key as a JSON string), any element of an array at `p` is `p[]`. So
 * `."items"[]."views"` is the `views` of every item. Unambiguous whatever the keys hold.
 */
export const ROOT_PLACE = '';

function keyPlace(place: string, key: string): string {
  return `${place}.${JSON.stringify(key)}`;
}

function elementPlace(place: string): string {
  return `${place}[]`;
}

/**
 * The places whose content is not the same in every one of `documents` (reads of one observer), top-most only:
 * a place is volatile when the values at it (as a multiset over all the elements it covers) differ between
 * documents, or when it has children and every one of them is volatile. `[ROOT_PLACE]` means nothing of the
 * output is stable. Pure.
 */
export function volatilePlaces(documents: readonly JsonValue[]): string[] {
  const canonical = new Canonical();
  const leaves = new Map<string, string[][]>();
  const children = new Map<string, Set<string>>();
  const walk = (value: JsonValue, place: string, index: number): void => {
    const nested: Array<[string, JsonValue]> = Array.isArray(value)
      ? value.map((item) => [elementPlace(place), item])
      : typeof value === 'object' && value !== null
        ? Object.entries(value).map(([key, item]) => [keyPlace(place, key), item])
        : [];
    if (nested.length === 0) {
      const perDocument = leaves.get(place) ?? documents.map(() => []);
      perDocument[index]?.push(canonical.of(value));
      leaves.set(place, perDocument);
      return;
    }
    const below = children.get(place) ?? new Set<string>();
    children.set(place, below);
    for (const [child, item] of nested) {
      below.add(child);
      walk(item, child, index);
    }
  };
  documents.forEach((document, index) => walk(document, ROOT_PLACE, index));

  const leafDiffers = (place: string): boolean => {
    const perDocument = leaves.get(place);
    if (perDocument === undefined) return false;
    const forms = perDocument.map((values) => JSON.stringify([...values].sort()));
    return forms.some((form) => form !== forms[0]);
  };
  const memo = new Map<string, boolean>();
  const volatile = (place: string): boolean => {
    const known = memo.get(place);
    if (known !== undefined) return known;
    const below = children.get(place);
    const result =
      leafDiffers(place) ||
      (below !== undefined && below.size > 0 && [...below].every((child) => volatile(child)));
    memo.set(place, result);
    return result;
  };
  const found: string[] = [];
  const collect = (place: string): void => {
    if (volatile(place)) found.push(place);
    else for (const child of children.get(place) ?? []) collect(child);
  };
  collect(ROOT_PLACE);
  return found;
}

/**
 * `document` without what is at `places` (object keys removed, array elements left out), or `undefined` when
 * the root itself is one of them. Pure; the input is not changed.
 */
export function dropPlaces(document: JsonValue, places: ReadonlySet<string>): JsonValue | undefined {
  if (places.size === 0) return document;
  const keep = (value: JsonValue, place: string): JsonValue | undefined => {
    if (places.has(place)) return undefined;
    if (Array.isArray(value)) {
      const child = elementPlace(place);
      if (places.has(child)) return [];
      return value.map((item) => keep(item, child) as JsonValue);
    }
    if (typeof value !== 'object' || value === null) return value;
    const kept: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) {
      const now = keep(item, keyPlace(place, key));
      // A key is defined own property: `__proto__` stays a plain key, never the prototype.
      if (now !== undefined)
        Object.defineProperty(kept, key, {
          value: now,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return kept;
  };
  return keep(document, ROOT_PLACE);
}
