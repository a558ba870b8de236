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

/**
 * The names an id that a tool's answer shows without a key answers to: each word of the tool's name,
 * singular, followed by `id` (`create_task` → `createid`, `taskid`; `addNote` → `addid`, `noteid`). Pure.
 */
export function toolIdNames(tool: string): string[] {
  return [...new Set(wordsOfName(tool).map((word) => `${singular(word)}id`))];
}

/**
 * The names a property of `caller` takes values from: its own, and for an identity key (`id`, `name`…) the
 * same key after each word of the caller's name, singular (`complete_task`'s `id` also takes a `taskid`). Pure.
 */
export function namesForProperty(property: string, caller: string | undefined): string[] {
  if (caller === undefined || !IDENTITY_KEYS.has(property)) return [property];
  return [property, ...wordsOfName(caller).map((word) => `${singular(word)}${property}`)];
}

/** The lower-case words of a name in any case style: `completeTask`, `complete-task` → complete, task. */
function wordsOfName(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !/^\d+$/.test(word));
}

/** `tasks` → `task`, `entities` → `entity`, `boxes` → `box`; a word that is not plural stays as it is. */
export function singular(word: string): string {
  if (word.endsWith('ies') && word.length > 3) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}
