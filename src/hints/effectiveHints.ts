import { HINT_NAMES, SPEC_DEFAULTS } from '../model/hints.js';
import type { DeclaredHints, HintName, Hints } from '../model/hints.js';

/**
 * Extracts the declared hints from a tool's `annotations` as sent: only boolean hint fields are kept
 * (a server that sends `"readOnlyHint": "yes"` declared nothing usable for that hint). `null` when the tool
 * sent no annotations or none of the four hints.
 */
export function declaredHints(annotations: unknown): DeclaredHints {
  if (typeof annotations !== 'object' || annotations === null) return null;
  const declared: Partial<Record<HintName, boolean>> = {};
  for (const name of HINT_NAMES) {
    const value = (annotations as Record<string, unknown>)[name];
    if (typeof value === 'boolean') declared[name] = value;
  }
  return Object.keys(declared).length > 0 ? declared : null;
}

/** The declared hints over the spec defaults. */
export function effectiveHints(declared: DeclaredHints): Hints {
  return { ...SPEC_DEFAULTS, ...(declared ?? {}) };
}

/** `destructiveHint` and `idempotentHint` mean something only when the tool may write. */
export function isApplicable(hint: HintName, effective: Hints): boolean {
  if (hint === 'destructiveHint' || hint === 'idempotentHint') return !effective.readOnlyHint;
  return true;
}

/** True when the effective value is the tighter one, the only kind of claim that observations can contradict. */
export function isContradictableClaim(hint: HintName, effective: Hints): boolean {
  return isApplicable(hint, effective) && effective[hint] !== SPEC_DEFAULTS[hint];
}
