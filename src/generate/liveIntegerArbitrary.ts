import fc from 'fast-check';
import { normalisedName } from './sourceNames.js';
import { LiveChoice, SEEN_VALUES_LIMIT } from './seenValues.js';

/** Draws of an id-like integer that take a value the run saw, for each one drawn from the schema alone. */
const LIVE_WEIGHT = 3;

/**
 * Integers for a property that names something by its number (`ticket_id`, `issue_number`, see
 * `isIntegerIdName`): mostly a `LiveChoice` among the whole-number identifiers the run saw before the call (in
 * JSON answers, in prose: `Ticket n° 1001 ouvert`, in resource uris: `ticket://1001`), those seen under the
 * property's own name first, each sent as a number; else, and sometimes anyway, `base` (the schema's own
 * integers). A store whose ids are numbers is met only through the ids it gave: a random integer names none.
 * `accepts` is the schema's own test of a value.
 */
export function liveIntegerArbitrary(
  base: fc.Arbitrary<number>,
  accepts: (value: number) => boolean,
  propertyName: string,
): fc.Arbitrary<number> {
  const fits = (value: string): boolean =>
    /^-?\d{1,16}$/.test(value) && Number.isSafeInteger(Number(value)) && accepts(Number(value));
  const name = normalisedName(propertyName) || undefined;
  const live = fc
    .tuple(fc.nat({ max: SEEN_VALUES_LIMIT - 1 }), base)
    .map(([index, fallback]) => new LiveChoice(index, ['identifier'], fallback, fits, name, false, true));
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: base, weight: 1 },
    { arbitrary: live as unknown as fc.Arbitrary<number>, weight: LIVE_WEIGHT },
  );
}
