import type { Observation } from '../../model/observation.js';
import type { MetState } from './answerEvidence.js';

/**
 * Pure: what a command met (`existing`, the values harvested from the state just before it) as a key, and
 * whether call 1's answer showed any of it (`answerShowsState`). Commands that met different states and
 * answered alike did not vary with the state either.
 */
export function metState(
  observation: Observation,
  existing: ReadonlySet<string>,
  /** The kinds of state the tool names (`namedKinds`), each with whether it held anything. */
  named: ReadonlyMap<string, boolean> = new Map(),
): MetState {
  return {
    showsState: answerShowsState(observation, existing),
    state: stateKey(existing),
    ...(named.size === 0
      ? {}
      : {
          kinds: {
            named: [...named.keys()],
            filled: [...named].filter(([, held]) => held).map(([kind]) => kind),
          },
        }),
  };
}

/** A short key of a set of values (FNV-1a over them, sorted): equal sets, equal keys. */
function stateKey(existing: ReadonlySet<string>): string {
  let hash = 0x811c9dc5;
  for (const value of [...existing].sort()) {
    for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 0, 0x01000193);
  }
  return `${existing.size}:${(hash >>> 0).toString(16)}`;
}

/** The most of an answer searched for values of the state. */
const MAX_SEARCHED_CHARS = 16 * 1024;

/** Harvested values shorter than this are not looked for (`id`, `a`: they turn up in any text). */
const MIN_VALUE_CHARS = 3;

/**
 * Pure: whether call 1's answer shows a value the sandbox held before the call (`existing`, harvested) that the
 * command's arguments did not put there: a name, a path, a key or a short text of a record, not a bare number
 * nor the root placeholder (`{fs}`) nor anything an argument contains or is part of. A read that did its job
 * shows what it read; a failure shows at most what it was given.
 */
export function answerShowsState(observation: Observation, existing: ReadonlySet<string>): boolean {
  const outcome = observation.call1.outcome;
  if (outcome.status !== 'returned') return false;
  const structured =
    outcome.structuredContent === undefined
      ? ''
      : safeJson(outcome.structuredContent).slice(0, MAX_SEARCHED_CHARS);
  const answer = `${outcome.text.slice(0, MAX_SEARCHED_CHARS)}\n${structured}`;
  const given = argumentStrings(observation.args);
  for (const value of existing) {
    if (value.length < MIN_VALUE_CHARS || /^\d+(?:\.\d+)?$/.test(value) || /^\{[^}]*\}$/.test(value))
      continue;
    if (given.some((arg) => arg.includes(value) || (arg.length >= MIN_VALUE_CHARS && value.includes(arg))))
      continue;
    if (answer.includes(value)) return true;
  }
  return false;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** Every non-empty string and number in the arguments, at any depth (bounded). */
function argumentStrings(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (typeof value === 'number') return [String(value)];
  if (depth > 6 || typeof value !== 'object' || value === null) return [];
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.flatMap((child: unknown) => argumentStrings(child, depth + 1)).slice(0, 256);
}
