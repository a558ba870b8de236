/**
 * Readings of the clock in an observer's output: a value that is the time of the read itself changes on its
 * own as time passes (`git blame` dates uncommitted lines "now"), yet two reads made within one second agree
 * when it counts whole seconds. Epoch seconds (10 digits, optionally with a fraction), epoch milliseconds
 * (13 digits) and ISO 8601 date-times with seconds (`2026-12-05T17:20:01Z`, `2026-12-05 17:20:01.123`) are
 * recognised; a date-time without a zone is taken both as UTC and as local time.
 */

const EPOCH = /(?<![\d.])(\d{10}(?:\.\d+)?|\d{13})(?![\d.])/g;
const DATE_TIME = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?/g;

/** A time as written, from `start` (epoch ms) to the end of its last written digit (`resolution` ms). */
interface Written {
  readonly start: number;
  readonly resolution: number;
}

/**
 * Whether `text` holds a time that, at its resolution, falls between `fromMs` and `toMs` (epoch ms): what a
 * clock read during that read would show. Pure.
 */
export function showsTheTime(text: string, fromMs: number, toMs: number): boolean {
  return writtenTimes(text).some((time) => time.start <= toMs && time.start + time.resolution > fromMs);
}

/**
 * How long to wait after a read that ended at `toMs` so that a clock it showed has moved on: past the next
 * whole second, with a few milliseconds to spare.
 */
export function msUntilTheClockMoves(toMs: number, nowMs: number): number {
  return Math.max(0, (Math.floor(toMs / 1000) + 1) * 1000 + 5 - nowMs);
}

function writtenTimes(text: string): Written[] {
  const times: Written[] = [];
  for (const [digits] of text.matchAll(EPOCH)) {
    const [whole = '', fraction = ''] = digits.split('.');
    if (whole.length === 13) times.push({ start: Number(whole), resolution: 1 });
    else times.push({ start: Number(digits) * 1000, resolution: resolutionOf(fraction.length) });
  }
  for (const match of text.matchAll(DATE_TIME)) {
    const [written, fraction, zone] = match;
    const resolution = resolutionOf(fraction?.length ?? 0);
    const iso = written.replace(' ', 'T');
    const zoned = zone === undefined ? [Date.parse(`${iso}Z`), Date.parse(iso)] : [Date.parse(iso)];
    for (const start of zoned) if (Number.isFinite(start)) times.push({ start, resolution });
  }
  return times;
}

/** The milliseconds one unit of the last written digit spans, for `digits` digits after the seconds. */
function resolutionOf(digits: number): number {
  return digits >= 3 ? 1 : 10 ** (3 - digits);
}

/** `text` with every ISO date-time written in it as `mark`: two readings of a clock then read alike. Pure. */
export function maskDateTimes(text: string, mark: string): string {
  return text.replace(DATE_TIME, mark);
}
