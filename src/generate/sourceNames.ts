/**
 * The names a value seen in a run answers to, from the key it sat under: a property of a later call with one
 * of these names takes it first (`requestId` ← the `requestId` of an answer; `taskId` ← an `id` inside
 * `tasks`), before any other value of its kind.
 */

/** Keys that name their holder's identity: inside `tasks`, `id` is a task id. */
const IDENTITY_KEYS = new Set(['id', 'name', 'key', 'uuid', 'slug']);

/** A key or property name compared loosely: case, underscores, dashes and spaces aside (`request_id` = `requestId`). */
export function normalisedName(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, '');
}

/**
 * The names a value under `key` answers to: the key itself, normalised, and for an identity key (`id`, `name`…)
 * inside an object held under `holder` (`tasks`, `task`), the holder's singular plus the key (`taskid`). Pure.
 */
export function sourceNames(key: string | undefined, holder: string | undefined): string[] {
  if (key === undefined) return [];
  const own = normalisedName(key);
  if (own === '') return [];
  if (holder === undefined || !IDENTITY_KEYS.has(own)) return [own];
  const entity = singular(normalisedName(holder));
  return entity === '' || entity === own ? [own] : [own, `${entity}${own}`];
}

/** `tasks` → `task`, `entities` → `entity`, `boxes` → `box`; a word that is not plural stays as it is. */
function singular(word: string): string {
  if (word.endsWith('ies') && word.length > 3) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}
