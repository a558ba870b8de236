import type { JsonValue } from './jsonValue.js';
import { isJsonObject } from './jsonValue.js';

/** Field names that usually identify a record, most telling first. */
const PREFERRED = ['id', 'key', 'name', 'uuid', 'url', 'path', 'slug'];

/**
 * A weaker identity for a record when no field is unique (two entities named alike): its most telling
 * identity-like field and value, or `undefined`. Records are then paired by it in order. Pure.
 */
export function weakIdentity(element: JsonValue): string | undefined {
  if (!isJsonObject(element)) return undefined;
  for (const field of PREFERRED) {
    const token = Object.hasOwn(element, field) ? identityToken(element[field]) : undefined;
    if (token !== undefined) return `${field}\u0000${token}`;
  }
  return undefined;
}

/** Other identity-like names: `_id`, `noteId`, `user_id`, `email`, `title`… (any case). */
const OTHER =
  /^(?:_id|uid|guid|ref|href|uri|email|username|handle|code|sku|title|label|file|filename)$|[a-z0-9](?:Id|ID|_id|_ID|-id)$/i;

function rank(field: string): number {
  const preferred = PREFERRED.indexOf(field);
  if (preferred >= 0) return preferred;
  if (PREFERRED.includes(field.toLowerCase())) return PREFERRED.length;
  return OTHER.test(field) ? PREFERRED.length + 1 : -1;
}

/**
 * The field that identifies the object elements of `arrays` (the old and the new version of one array), or
 * `undefined`. A field qualifies when its name is identity-like (`id`, `key`, `name`, `uuid`, `url`, `path`,
 * `slug`, then `_id`, `noteId`, `email`, `title`…) and, within each array, every object element that has it
 * has a string or number value for it that no other element of that array shares. Among qualifying fields the
 * one present in the most elements wins, ties going to the more telling name. Elements without the field are
 * matched by value instead. Pure.
 */
export function identityKey(arrays: readonly (readonly JsonValue[])[]): string | undefined {
  const candidates = new Set<string>();
  for (const array of arrays) {
    for (const element of array) {
      if (!isJsonObject(element)) continue;
      for (const field of Object.keys(element)) if (rank(field) >= 0) candidates.add(field);
    }
  }
  let best: { field: string; coverage: number; rank: number } | undefined;
  for (const field of candidates) {
    const coverage = coverageOf(field, arrays);
    if (coverage === undefined) continue;
    const candidate = { field, coverage, rank: rank(field) };
    if (
      best === undefined ||
      candidate.coverage > best.coverage ||
      (candidate.coverage === best.coverage &&
        (candidate.rank < best.rank || (candidate.rank === best.rank && field < best.field)))
    ) {
      best = candidate;
    }
  }
  return best?.field;
}

/** How many elements carry `field`, or `undefined` when some value is not a scalar or not unique. */
function coverageOf(field: string, arrays: readonly (readonly JsonValue[])[]): number | undefined {
  let coverage = 0;
  for (const array of arrays) {
    const seen = new Set<string>();
    for (const element of array) {
      if (!isJsonObject(element) || !Object.hasOwn(element, field)) continue;
      const token = identityToken(element[field]);
      if (token === undefined || seen.has(token)) return undefined;
      seen.add(token);
      coverage++;
    }
  }
  return coverage;
}

/** The identity value of a field as a comparable token (`1` and `"1"` differ), or `undefined` if no scalar. */
export function identityToken(value: JsonValue | undefined): string | undefined {
  if (typeof value === 'string') return `s${value}`;
  if (typeof value === 'number' && Number.isFinite(value)) return `n${value}`;
  return undefined;
}
