import type { Hints } from '../../model/hints.js';

/** Tool names that say they destroy: never suggested `destructiveHint: false` from calls that missed. */
const DESTROYS =
  /^(delete|remove|clear|drop|purge|destroy|reset|truncate|erase|unset|revoke|forget)(_|-|[A-Z]|$)/;

/** Tool names that say they write (as destroyers do): never suggested `readOnlyHint: true` from calls that changed nothing. */
const WRITES =
  /^(create|add|insert|put|post|save|set|write|store|upload|append|push|update|edit|replace|modify|patch|move|rename|copy|delete|remove|drop|destroy|truncate|erase)(_|-|[A-Z]|$)/;

/**
 * Pure: the suggestions, with a tool whose name says it destroys kept at its declared destructiveHint, and one
 * whose name says it writes at its declared readOnlyHint: calls that met an entity but not the part the tool
 * acts on (a search string that matched nothing, an observation that was not there) prove nothing about it.
 * A writer kept from a suggested `readOnlyHint: true` keeps its declared destructiveHint and idempotentHint too:
 * they rested on the same calls, which changed nothing.
 */
export function keepByName(name: string, suggested: Hints, effective: Hints): Hints {
  const writes = WRITES.test(name) || DESTROYS.test(name);
  const keptWriter = writes && suggested.readOnlyHint && !effective.readOnlyHint;
  return {
    ...suggested,
    ...(DESTROYS.test(name) || keptWriter ? { destructiveHint: effective.destructiveHint } : {}),
    ...(keptWriter ? { idempotentHint: effective.idempotentHint } : {}),
    ...(writes ? { readOnlyHint: effective.readOnlyHint } : {}),
  };
}
