import { destinationKey } from '../../../harness/process/index.js';
import type { Violation } from '../../checks/violation.js';
import type { AmbientEgress } from '../../model/report.js';

/**
 * Which control run showed background egress, in words: `a control run on a fresh sandbox after the same 2
 * calls, with no call until the server was 1400 ms old`. Pure.
 */
export function describeControl(calls: number, untilAgeMs: number): string {
  const after = calls === 0 ? '' : ` after the same ${calls} call${calls === 1 ? '' : 's'}`;
  return `a control run on a fresh sandbox${after}, with no call until the server was ${Math.round(untilAgeMs)} ms old`;
}

/** `into` with the entries of `more` whose destination it does not list yet (the first seen is kept). Pure. */
export function mergeAmbient(
  into: readonly AmbientEgress[],
  more: readonly AmbientEgress[],
): AmbientEgress[] {
  const seen = new Set(into.map((entry) => destinationKey(entry.egress)));
  const merged = [...into];
  for (const entry of more) {
    const key = destinationKey(entry.egress);
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(entry);
  }
  return merged;
}

/** The destinations ambient entries name, as `destinationKey` keys them. */
export function destinationsOf(ambient: readonly AmbientEgress[]): ReadonlySet<string> {
  return new Set(ambient.map((entry) => destinationKey(entry.egress)));
}

/** An egress violation every destination of which a control run reached without the call. */
export function isBackground(violation: Violation, background: ReadonlySet<string>): boolean {
  const egress = violation.egress ?? [];
  return (
    violation.hint === 'openWorldHint' &&
    egress.length > 0 &&
    egress.every((attempt) => background.has(destinationKey(attempt)))
  );
}
