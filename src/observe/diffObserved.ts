import {
  diffJson,
  parseJsonPair,
  recordEntity,
  RECORD_CHANGE_LIMIT,
  shorten,
  summariseOmitted,
} from '../../harness/index.js';
import type { Change, RecordChangeKind } from '../../harness/index.js';
import { diffLines, matchesPattern, splitLines } from './diffLines.js';
import type { LineChange } from './diffLines.js';
import { dropPlaces } from './jsonPlaces.js';
import type { ObservedEntry, ObservedSnapshot } from './observer.js';
import { OBSERVED_ENVIRONMENT } from './observer.js';
import { NO_MASK } from './volatileMask.js';
import type { ObserverMask, VolatileMask } from './volatileMask.js';

/**
 * The changes between two reads of the observers, in the `observed` environment, volatile parts (`mask`) left
 * out. Pure. Each observer whose output differs is diffed by meaning:
 *
 * - when both outputs read as JSON (one document, or JSON Lines; see the harness's `parseJsonPair`), record by
 *   record with the harness's JSON diff: `modify observed:list_items#/[id=i1]/views (0 → 1)`;
 * - otherwise line by line (`diffLines`): `add observed:memo://items#L3`, with the line as the detail;
 *
 * at most `RECORD_CHANGE_LIMIT` changes per observer plus one on the observer itself that counts the rest.
 * An observer that showed text on one side and on the other an error the server answered with (`get_item
 * {"id":"n1"}` then "no item n1") is that observer's entity deleted (or added, the other way round). One that
 * could not be read on either side shows no change: see `unreadObservers`.
 */
export function diffObserved(
  before: ObservedSnapshot,
  after: ObservedSnapshot,
  mask: VolatileMask,
): Change[] {
  const changes: Change[] = [];
  for (const [key, old] of before) {
    const now = after.get(key);
    if (now === undefined) continue;
    const vanished = answeredPair(old, now);
    if (vanished !== undefined) {
      changes.push({
        kind: vanished.kind,
        environment: OBSERVED_ENVIRONMENT,
        entity: key,
        detail: vanished.detail,
      });
      continue;
    }
    if (!('text' in old) || !('text' in now) || old.text === now.text) continue;
    changes.push(...diffObserverText(key, old.text, now.text, mask.get(key) ?? NO_MASK));
  }
  return changes;
}

/** Text on one side and an answered error on the other: the observer's entity deleted, or added. */
function answeredPair(
  old: ObservedEntry,
  now: ObservedEntry,
): { kind: 'add' | 'delete'; detail: string } | undefined {
  if ('text' in old && 'answered' in now && now.answered === true) {
    return { kind: 'delete', detail: `now answers ${shorten(now.error, 80)}` };
  }
  if ('answered' in old && old.answered === true && 'text' in now) {
    return { kind: 'add', detail: shorten(now.text, 80) };
  }
  return undefined;
}

/** The observers that could not be compared, because a read before or after failed, with the first reason. */
export function unreadObservers(
  before: ObservedSnapshot,
  after: ObservedSnapshot,
): Array<{ key: string; error: string }> {
  const unread: Array<{ key: string; error: string }> = [];
  for (const [key, old] of before) {
    const now = after.get(key) ?? { error: 'not read after the call' };
    if (answeredPair(old, now) !== undefined) continue;
    if ('error' in old) unread.push({ key, error: old.error });
    else if ('error' in now) unread.push({ key, error: now.error });
  }
  return unread;
}

/** The changes between two outputs of the observer `key`, its volatile parts left out. Pure. */
export function diffObserverText(key: string, before: string, after: string, mask: ObserverMask): Change[] {
  const pair = parseJsonPair(key, before, after);
  const found: Change[] = [];
  const omitted: Record<RecordChangeKind, number> = { add: 0, modify: 0, delete: 0 };
  const masked = new Set(mask.entities);
  const list = (change: { kind: RecordChangeKind; entity: string; detail: string }) => {
    if (masked.has(change.entity)) return;
    if (found.length < RECORD_CHANGE_LIMIT)
      found.push({
        kind: change.kind,
        environment: OBSERVED_ENVIRONMENT,
        entity: change.entity,
        detail: change.detail,
      });
    else omitted[change.kind]++;
  };
  if (pair !== undefined) {
    const places = new Set(mask.places);
    const old = dropPlaces(pair.before, places);
    const now = dropPlaces(pair.after, places);
    if (old === undefined || now === undefined) return [];
    const diff = diffJson(old, now, RECORD_CHANGE_LIMIT + masked.size);
    for (const change of diff.changes) {
      list({ kind: change.kind, entity: recordEntity(key, pair.format, change.at), detail: change.detail });
    }
    for (const kind of ['add', 'modify', 'delete'] as const) omitted[kind] += diff.omitted[kind];
  } else {
    const stable = (text: string) =>
      splitLines(text).filter((line) => !mask.lines.some((pattern) => matchesPattern(line.text, pattern)));
    for (const change of diffLines(stable(before), stable(after))) {
      list({ kind: change.kind, entity: `${key}#L${change.line}`, detail: lineDetail(change) });
    }
  }
  const summary = summariseOmitted(omitted);
  if (summary !== undefined) {
    found.push({
      kind: summary.kind,
      environment: OBSERVED_ENVIRONMENT,
      entity: key,
      detail: summary.detail,
    });
  }
  return found;
}

function lineDetail(change: LineChange): string {
  if (change.kind === 'modify') return `${shorten(change.old ?? '', 40)} → ${shorten(change.new ?? '', 40)}`;
  return shorten(change.new ?? change.old ?? '', 80);
}
