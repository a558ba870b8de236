import { normalisedName, singular } from './sourceNames.js';
import type { FoundValue } from './seenValues.js';

/** Resources read for values at most, and values taken from them in all. */
export const URI_LIMITS = { uris: 200, values: 100, uriChars: 1024, valueChars: 200 };

/**
 * The values in the uris a server lists as resources, with the names they answer to: where a uri matches one
 * of the resource `templates` (`note:///{noteId}` against `note:///7`), each variable's value under the
 * variable's name (`noteid`); else its last path segment (and its stem without extension) under the segment,
 * host or scheme before it with `id` (`db://tasks/42` → `42` as `taskid`; `note:///7` → `noteid`), and each
 * query value under its key. A value shows only once; bounded by `URI_LIMITS`. Pure.
 */
export function valuesInUris(uris: readonly string[], templates: readonly string[]): FoundValue[] {
  const found = new Map<string, FoundValue>();
  const offer = (value: string, names: readonly string[]) => {
    if (value.length > URI_LIMITS.valueChars || found.size >= URI_LIMITS.values) return;
    if (!/[\p{L}\p{N}]/u.test(value)) return;
    const key = `${value}\0${names.join(',')}`;
    if (!found.has(key)) found.set(key, { kind: 'identifier', value, names: [...new Set(names)] });
  };
  for (const uri of uris.slice(0, URI_LIMITS.uris)) {
    if (uri.length > URI_LIMITS.uriChars) continue;
    const matched = templates
      .map((template) => matchTemplate(template, uri))
      .find((variables) => variables !== undefined);
    if (matched !== undefined) {
      for (const [name, value] of matched) offer(value, [normalisedName(name)]);
      continue;
    }
    for (const [value, names] of loosePieces(uri)) offer(value, names);
  }
  return [...found.values()];
}

/**
 * The variables of a uri that `template` matches: simple expressions only (`{id}`, `{+path}`, several per
 * template), each matching what lies between the literal parts around it (`{+…}` across `/`, others not),
 * percent-decoded; `undefined` when it does not match. Linear: literal parts found by `indexOf` in turn.
 */
export function matchTemplate(template: string, uri: string): Array<[string, string]> | undefined {
  const parts = template.split(/(\{[^{}]*\})/);
  const variables: Array<[string, string]> = [];
  let at = 0;
  for (let index = 0; index < parts.length; index += 2) {
    const literal = parts[index] as string;
    const expression = parts[index + 1];
    if (!uri.startsWith(literal, at)) return undefined;
    at += literal.length;
    if (expression === undefined) return at === uri.length ? variables : undefined;
    const reserved = expression.startsWith('{+');
    const name = expression.slice(reserved ? 2 : 1, -1);
    if (!/^[A-Za-z0-9_.]+$/.test(name)) return undefined;
    const next = parts[index + 2] ?? '';
    const end = next === '' ? uri.length : uri.indexOf(next, at);
    if (end <= at) return undefined;
    const raw = uri.slice(at, end);
    if (!reserved && raw.includes('/')) return undefined;
    variables.push([name, decoded(raw)]);
    at = end;
  }
  return at === uri.length ? variables : undefined;
}

/** A uri without a template: its last path segment (and stem) named after what precedes it, its query values. */
function loosePieces(uri: string): Array<[string, string[]]> {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(uri)?.[1] ?? '';
  const rest = uri.slice(scheme === '' ? 0 : scheme.length + 1);
  const [beforeQuery = '', query = ''] = (rest.split('#')[0] ?? '').split('?');
  const segments = beforeQuery.split('/').filter((segment) => segment !== '');
  const pieces: Array<[string, string[]]> = [];
  const last = segments.at(-1);
  if (last !== undefined) {
    const owner = segments.length > 1 ? (segments.at(-2) as string) : scheme;
    const names = entityNames(owner);
    const value = decoded(last);
    pieces.push([value, names]);
    const stem = value.replace(/\.[A-Za-z0-9]{1,8}$/, '');
    if (stem !== value && stem !== '') pieces.push([stem, names]);
  }
  for (const pair of query.split('&').slice(0, 16)) {
    const [key = '', value = ''] = pair.split('=');
    if (key !== '' && value !== '') pieces.push([decoded(value), [normalisedName(decoded(key))]]);
  }
  return pieces;
}

/** `tasks` → `taskid`; nothing for an empty word or one with digits (an id itself: `b1`). */
function entityNames(word: string): string[] {
  const name = normalisedName(decoded(word));
  return name === '' || /\d/.test(name) ? [] : [`${singular(name)}id`];
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
