import { diffJson, parseJsonPair, recordEntity } from '../../harness/index.js';
import type { JsonValue } from '../../harness/index.js';
import { diffLines, linePattern, matchesPattern, splitLines } from './diffLines.js';
import type { LinePattern } from './diffLines.js';
import { dropPlaces, ROOT_PLACE, volatilePlaces } from './jsonPlaces.js';
import type { ObserverMask } from './volatileMask.js';

/** Most changes one calibration diff looks at; an observer with more left unmasked is unstable. */
const CALIBRATION_CHANGE_LIMIT = 10_000;

/**
 * The parts of an observer's output that differ between `texts` (reads with nothing in between), or why the
 * output is unstable as a whole. Pure.
 */
export function volatileParts(key: string, texts: readonly string[]): ObserverMask | { unstable: string } {
  if (texts.every((text) => text === texts[0])) return { places: [], lines: [], entities: [] };
  const documents = parsedAlike(key, texts);
  if (documents === 'mixed') {
    return { unstable: 'its output read as JSON at one calibration read and not at another' };
  }
  if (documents !== undefined) return volatileJson(key, documents);
  return volatileLines(texts);
}

/** Every text parsed the same way (JSON or JSON Lines), `undefined` when none parses, `mixed` otherwise. */
function parsedAlike(
  key: string,
  texts: readonly string[],
): { format: 'json' | 'lines'; values: JsonValue[] } | undefined | 'mixed' {
  const alone = texts.map((text) => parseJsonPair(key, text, text));
  if (alone.every((parsed) => parsed === undefined)) return undefined;
  const format = alone[0]?.format;
  if (format === undefined || alone.some((parsed) => parsed?.format !== format)) return 'mixed';
  return { format, values: alone.map((parsed) => parsed?.before as JsonValue) };
}

function volatileJson(
  key: string,
  documents: { format: 'json' | 'lines'; values: JsonValue[] },
): ObserverMask | { unstable: string } {
  const places = volatilePlaces(documents.values);
  if (places.includes(ROOT_PLACE)) {
    return { unstable: 'its whole output changed between calibration reads with nothing in between' };
  }
  const set = new Set(places);
  const masked = documents.values.map((value) => dropPlaces(value, set) as JsonValue);
  const entities = new Set<string>();
  for (let i = 1; i < masked.length; i++) {
    const diff = diffJson(masked[i - 1] as JsonValue, masked[i] as JsonValue, CALIBRATION_CHANGE_LIMIT);
    if (diff.omitted.add + diff.omitted.modify + diff.omitted.delete > 0) {
      return { unstable: `more than ${CALIBRATION_CHANGE_LIMIT} parts of its output changed on their own` };
    }
    for (const change of diff.changes) entities.add(recordEntity(key, documents.format, change.at));
  }
  return { places, lines: [], entities: [...entities] };
}

function volatileLines(texts: readonly string[]): ObserverMask | { unstable: string } {
  const patterns: LinePattern[] = [];
  const reads = texts.map(splitLines);
  for (let i = 1; i < reads.length; i++) {
    for (const change of diffLines(reads[i - 1] ?? [], reads[i] ?? [])) patterns.push(linePattern(change));
  }
  const unique = [...new Map(patterns.map((pattern) => [JSON.stringify(pattern), pattern])).values()];
  const stable = reads.map((lines) =>
    lines.filter((line) => !unique.some((pattern) => matchesPattern(line.text, pattern))),
  );
  if (stable.every((lines) => lines.length === 0)) {
    return { unstable: 'its whole output changed between calibration reads with nothing in between' };
  }
  for (let i = 1; i < stable.length; i++) {
    if (diffLines(stable[i - 1] ?? [], stable[i] ?? []).length > 0) {
      return { unstable: 'its lines changed on their own in a way hintproof cannot mask' };
    }
  }
  return { places: [], lines: unique, entities: [] };
}
