import type { HarvestedValue } from '../../../harness/index.js';

/**
 * Pure: the kinds of state the harvested values show, each with whether it held anything: every table (its
 * sampled rows) and every directory of the sandbox (an entry below it), by name (`task_handoffs`, `notes/drafts`).
 */
export function stateKinds(values: readonly HarvestedValue[]): Map<string, boolean> {
  const kinds = new Map<string, boolean>();
  const paths = values.filter((value) => value.kind === 'path').map((value) => value.value);
  for (const value of values) {
    if (value.kind === 'relation' && value.relation !== undefined) {
      const { name, keyValues } = value.relation;
      kinds.set(name, (kinds.get(name) ?? false) || keyValues.length > 0);
    } else if (value.kind === 'directory' && !value.value.startsWith('{')) {
      kinds.set(
        value.value,
        paths.some((path) => path.startsWith(`${value.value}/`)),
      );
    }
  }
  return kinds;
}

/** Words shorter than this name no kind of state (`id`, `to`). */
const MIN_WORD = 3;

/**
 * Pure: the kinds among `kinds` that a tool names: a word of its name or of one of its top-level argument names
 * is a word of the kind's name (its last path segment), plural or not (`compact_story_handoffs` names
 * `task_handoffs` and `stories`). A tool acts on what it names.
 */
export function namedKinds(
  toolName: string,
  propertyNames: readonly string[],
  kinds: Iterable<string>,
): string[] {
  const own = new Set([toolName, ...propertyNames].flatMap(words));
  return [...kinds].filter((kind) =>
    words(kind.slice(kind.lastIndexOf('/') + 1)).some((word) => own.has(word)),
  );
}

/** The words of a name, lower-case and singular: `storyHandoffs` → `story`, `handoff`. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= MIN_WORD)
    .map(singular);
}

function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ss|ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}
