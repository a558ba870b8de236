import { parseJsonPair, shorten } from '../../harness/index.js';
import type { JsonValue } from '../../harness/index.js';
import { diffLines, splitLines } from '../observe/diffLines.js';
import { maskDateTimes, showsTheTime } from '../observe/showsTheTime.js';

/** The most differences described: one is enough to report, three to read. */
const MAX_DIFFERENCES = 3;

/** The most of an answer compared: what a client caches is the answer, not a dump past it. */
const MAX_COMPARED_CHARS = 64 * 1024;

/**
 * Pure: how two answers to one call, made in one state, differ beyond what varies by design; empty when they
 * are the same answer. Read the way observers' outputs are diffed: both JSON (a document or JSON Lines) value
 * by value, every array element generalised as calibration's masks are (`jsonPlaces.ts`: the values under
 * `."items"[]."id"` compared as a multiset, so a list in another order is the same list), otherwise line by
 * line (`diffLines`: a line that only moved is no change). What differs between two values, or two lines
 * paired as a change, is compared word by word, and a word that differs only as generated values do is no
 * difference: a time written as observers' clocks are recognised (`showsTheTime`: epoch seconds or ms, an ISO
 * date-time), a generated id (a UUID, a word of 8 or more letters and digits holding both, or words alike but
 * for their digits: `trace-5`, `trace-9`, ids numbered in sequence by a process whatever else it served), and, when
 * `ordered` (the second answer came from the same server process after the first), a number that grew: a
 * counter; and a duration or an age (`took 12ms`, `3 minutes ago`), which follows the clock. Anything else that differs (a word, a number that fell, a line or a value present on one side
 * only) is a difference, described as `."roll": 4 → 2` or `line 1: rolled 4 → rolled 2`.
 */
export function answerDifferences(first: string, second: string, ordered: boolean): string[] {
  const a = first.slice(0, MAX_COMPARED_CHARS);
  const b = second.slice(0, MAX_COMPARED_CHARS);
  if (a === b) return [];
  const pair = parseJsonPair('answer', a, b);
  const found =
    pair === undefined ? lineDifferences(a, b, ordered) : jsonDifferences(pair.before, pair.after, ordered);
  return found.slice(0, MAX_DIFFERENCES);
}

function lineDifferences(a: string, b: string, ordered: boolean): string[] {
  const found: string[] = [];
  for (const change of diffLines(splitLines(a), splitLines(b))) {
    if (change.kind === 'modify' && sameWords(change.old ?? '', change.new ?? '', ordered)) continue;
    found.push(`line ${change.line}: ${shown(change.old)} → ${shown(change.new)}`);
  }
  return found;
}

function jsonDifferences(a: JsonValue, b: JsonValue, ordered: boolean): string[] {
  const before = leavesByPlace(a);
  const after = leavesByPlace(b);
  const found: string[] = [];
  for (const place of new Set([...before.keys(), ...after.keys()])) {
    const [left, right] = unmatched(before.get(place) ?? [], after.get(place) ?? []);
    const paired = left.length === right.length;
    for (let i = 0; i < Math.max(left.length, right.length); i++) {
      const [x, y] = [left[i], right[i]];
      if (paired && x !== undefined && y !== undefined && sameWords(x, y, ordered)) continue;
      found.push(`${place === '' ? 'the answer' : place}: ${shown(x)} → ${shown(y)}`);
    }
  }
  return found;
}

/** Every leaf of a document as text, by its place (`jsonPlaces.ts`' notation: `."items"[]."id"`), in order. */
function leavesByPlace(document: JsonValue): Map<string, string[]> {
  const places = new Map<string, string[]>();
  const walk = (value: JsonValue, place: string): void => {
    if (Array.isArray(value) && value.length > 0) {
      for (const item of value) walk(item, `${place}[]`);
      return;
    }
    if (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.keys(value).length > 0
    ) {
      for (const [key, item] of Object.entries(value)) walk(item, `${place}.${JSON.stringify(key)}`);
      return;
    }
    const leaves = places.get(place) ?? [];
    leaves.push(typeof value === 'string' ? value : JSON.stringify(value));
    places.set(place, leaves);
  };
  walk(document, '');
  return places;
}

/** The values of each side that the other side does not hold as well (multisets), each in its order. */
function unmatched(left: readonly string[], right: readonly string[]): [string[], string[]] {
  return [beyond(left, right), beyond(right, left)];
}

/** The values of `values` left once each value of `others` has taken one equal to it. */
function beyond(values: readonly string[], others: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const value of others) counts.set(value, (counts.get(value) ?? 0) + 1);
  return values.filter((value) => {
    const count = counts.get(value) ?? 0;
    if (count > 0) counts.set(value, count - 1);
    return count === 0;
  });
}

/** Words: what lies between white space and punctuation that frames values (`id=`, `"x"`, `(3)`, `a, b`). */
const WORD = /[^\s,;()[\]{}<>="'`|]+/g;

/** Two texts the same once words that vary by design are set aside: same frame, and each differing word generated. */
function sameWords(first: string, second: string, ordered: boolean): boolean {
  // A date-time with a space in it is one value, not two words.
  const [x, y] = [maskDateTimes(first, '\u0001'), maskDateTimes(second, '\u0001')];
  const left = x.match(WORD) ?? [];
  const right = y.match(WORD) ?? [];
  if (left.length !== right.length || x.replace(WORD, '\u0000') !== y.replace(WORD, '\u0000')) return false;
  return left.every(
    (word, i) =>
      word === right[i] ||
      generatedPair(word, right[i] ?? '', ordered) ||
      elapsedPair(word, right[i] ?? '', left[i + 1]),
  );
}

/** A time unit, alone (`12 ms`, `3 minutes ago`) or after its number (`12ms`, `1.5s`). */
const UNIT = String.raw`(?:ns|µs|us|ms|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?)`;
const WITH_UNIT = new RegExp(String.raw`^\d+(?:\.\d+)?${UNIT}$`, 'i');
const UNIT_WORD = new RegExp(`^${UNIT}$`, 'i');

/**
 * Two durations or ages (`took 12ms`, `3 minutes ago`): they follow the clock, as times do, in one process or
 * across two.
 */
function elapsedPair(x: string, y: string, next: string | undefined): boolean {
  if (WITH_UNIT.test(x) && WITH_UNIT.test(y)) return true;
  return NUMBER.test(x) && NUMBER.test(y) && next !== undefined && UNIT_WORD.test(next.replace(EDGES, ''));
}

/** Marks around a value that are not part of it: `#12`, `12.`, `v3:`. */
const EDGES = /^[#.:!?*_~-]+|[#.:!?*_~-]+$/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^[-+]?\d+(?:\.\d+)?$/;
const LATEST_MS = 8.64e15;

/** Two words that differ as generated values do: two times, two generated ids, or (ordered) a counter that grew. */
function generatedPair(x: string, y: string, ordered: boolean): boolean {
  if (showsTheTime(x, 0, LATEST_MS) && showsTheTime(y, 0, LATEST_MS)) return true;
  const [a, b] = [x.replace(EDGES, ''), y.replace(EDGES, '')];
  if ((generatedId(a) && generatedId(b)) || numberedAlike(a, b)) return true;
  return ordered && NUMBER.test(a) && NUMBER.test(b) && Number(b) > Number(a);
}

/** Two words alike but for their digits, with a letter in them: ids numbered in sequence (`trace-5`, `req-12`). */
function numberedAlike(a: string, b: string): boolean {
  return /[A-Za-z]/.test(a) && /\d/.test(a) && a.replace(/\d+/g, '#') === b.replace(/\d+/g, '#');
}

/** A UUID, or a word of 8 or more letters, digits, `_` and `-` holding both a letter and a digit. */
function generatedId(word: string): boolean {
  if (UUID.test(word)) return true;
  return word.length >= 8 && /^[A-Za-z0-9_-]+$/.test(word) && /\d/.test(word) && /[A-Za-z]/.test(word);
}

function shown(value: string | undefined): string {
  return value === undefined ? '(none)' : shorten(value, 80);
}
