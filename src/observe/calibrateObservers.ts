import { setTimeout as sleep } from 'node:timers/promises';
import type { McpConnection } from '../mcp/index.js';
import { diffObserverText } from './diffObserved.js';
import type { Observer } from './observer.js';
import { observerKey, OBSERVED_ENVIRONMENT } from './observer.js';
import { readObservers } from './readObservers.js';
import { membershipChange, membershipMoved } from './listingObserver.js';
import { msUntilTheClockMoves, showsTheTime } from './showsTheTime.js';
import type { ObserverMask, VolatileMask } from './volatileMask.js';
import { volatileParts } from './volatileParts.js';

export interface Calibration {
  /** The observers worth reading around each call, in the order given. */
  readonly used: Observer[];
  /** The observers left out, each with why (a failed read, output that changes all on its own, a write). */
  readonly dropped: Array<{ observer: Observer; reason: string }>;
  /** The volatile parts of each used observer's output, to pass to `diffObserved`. */
  readonly mask: VolatileMask;
}

/**
 * Finds what in each observer's output changes on its own, before any command, with nothing but reads
 * happening (so the server's state itself is taken as still):
 *
 * 1. each observer is read twice back to back (what its own read changes: a counter, a random id);
 * 2. after `pauseMs`, all are read twice more (what time changes: a clock); one whose last read shows the time
 *    it was made (`showsTheTime`) is read once more when the clock has moved on to the next second;
 * 3. what changed between those two last reads beyond the first step's parts may have been written by reading
 *    *another* observer; each other observer is read between two reads of this one, twice, and one that
 *    changes it both times is dropped as a writer, and calibration starts again without it. Its effect must
 *    not be masked: it claims read-only, and the engine's check of it sees that change through this observer.
 *    The resource listing is examined so too when its uris held still between the first two reads and moved
 *    later (a "read-only" tool that adds a resource), each change checked against a control as long with no
 *    read between (uris that come and go on their own are ambient, never another observer's write); when no
 *    writer explains the move, it is left out as ambient.
 *
 * What differs across all the reads is masked (`VolatileMask`). An observer that fails a read, or whose
 * whole output differs, is dropped with the reason. Reads: 4 per observer (5 for one showing the time) and
 * one pause per round (two with a clock), plus 4 per pair examined in step 3. `pause` takes the pause of step 2
 * (a plain sleep by default; the probe's watches the sandbox meanwhile, so that a write landing late after
 * the first reads is seen).
 */
export async function calibrateObservers(
  connection: McpConnection,
  observers: readonly Observer[],
  pauseMs: number,
  timeoutSeconds: number,
  pause: (ms: number) => Promise<unknown> = (ms) => sleep(ms),
): Promise<Calibration> {
  const dropped: Array<{ observer: Observer; reason: string }> = [];
  let candidates = [...observers];
  for (;;) {
    const round = await calibrateRound(connection, candidates, () => pause(pauseMs), timeoutSeconds);
    dropped.push(...round.dropped);
    if (round.writers.length === 0) {
      const order = (entry: { observer: Observer }) => observers.indexOf(entry.observer);
      return { used: round.used, dropped: dropped.sort((a, b) => order(a) - order(b)), mask: round.mask };
    }
    dropped.push(...round.writers);
    const writers = new Set(round.writers.map((writer) => writer.observer));
    candidates = observers.filter(
      (observer) =>
        (round.used.includes(observer) || round.retry.includes(observer)) && !writers.has(observer),
    );
  }
}

interface Round extends Calibration {
  /** Observers whose reads changed another observer's output; `used` still holds them. */
  readonly writers: Array<{ observer: Observer; reason: string }>;
  /**
   * Observers that changed between reads in a way another observer's read explains (the listing, when a
   * "read-only" tool read as an observer adds a resource): calibrated again once the writers are out.
   */
  readonly retry: Observer[];
}

/** A suspect of step 3: what a read of another observer changed in its output, if anything. */
interface Suspect {
  readonly observer: Observer;
  readonly changed: (before: string, after: string) => string | undefined;
  /**
   * Whether each change seen around another's read must not happen in a control as long with no read: the
   * listing, whose uris may come and go on their own at any rate (a loaded machine's slow reads would
   * otherwise take a log's next entry for a write).
   */
  readonly controlled?: boolean;
}

async function calibrateRound(
  connection: McpConnection,
  observers: readonly Observer[],
  pause: () => Promise<unknown>,
  timeoutSeconds: number,
): Promise<Round> {
  const read = async (observer: Observer) =>
    (await readObservers(connection, [observer], timeoutSeconds)).get(observerKey(observer)) ?? {
      error: 'not read',
    };
  const texts = new Map<Observer, string[]>();
  const dropped: Array<{ observer: Observer; reason: string }> = [];
  const record = (observer: Observer, entry: { text: string } | { error: string }) => {
    const list = texts.get(observer);
    if (list === undefined) return;
    if ('text' in entry) list.push(entry.text);
    else {
      texts.delete(observer);
      dropped.push({ observer, reason: `a calibration read failed: ${entry.error}` });
    }
  };
  for (const observer of observers) texts.set(observer, []);
  for (const observer of observers) {
    record(observer, await read(observer));
    record(observer, await read(observer));
  }
  await pause();
  const clocks: Observer[] = [];
  let lastRead = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (const observer of [...texts.keys()]) {
      const from = Date.now();
      const entry = await read(observer);
      lastRead = Date.now();
      record(observer, entry);
      if (pass === 1 && 'text' in entry && showsTheTime(entry.text, from, lastRead)) clocks.push(observer);
    }
  }
  // A clock counting seconds may not have moved within the pause: read what shows one once it has.
  if (clocks.length > 0) {
    await sleep(msUntilTheClockMoves(lastRead, Date.now()));
    for (const observer of clocks) if (texts.has(observer)) record(observer, await read(observer));
  }

  const used: Observer[] = [];
  const mask = new Map<string, ObserverMask>();
  const suspects: Suspect[] = [];
  const unsure: Array<{ observer: Observer; reason: string }> = [];
  for (const [observer, reads] of texts) {
    const key = observerKey(observer);
    const moved = observer.kind === 'listing' ? membershipMoved(reads) : undefined;
    const found = moved === undefined ? volatileParts(key, reads) : { unstable: moved };
    if ('unstable' in found) {
      const reason = unstableReason(observer, found.unstable);
      // Resources that came and went between the pause's reads, not between the first two, may be another
      // observer's doing (a "read-only" tool that adds one): a suspect, before it is taken as ambient.
      if (moved !== undefined && observers.length > 1 && membershipMoved(reads.slice(0, 2)) === undefined) {
        unsure.push({ observer, reason });
        suspects.push({
          observer,
          changed: (before, after) => membershipChange(key, before, after),
          controlled: true,
        });
      } else dropped.push({ observer, reason });
      continue;
    }
    used.push(observer);
    if (found.places.length + found.lines.length + found.entities.length > 0) mask.set(key, found);
    const own = volatileParts(key, reads.slice(0, 2));
    const [, , third, fourth] = reads;
    if ('unstable' in own || third === undefined || fourth === undefined) continue;
    if (used.length > 0 && diffObserverText(key, third, fourth, own).length > 0)
      suspects.push({ observer, changed: (before, after) => firstChange(key, before, after, own) });
  }
  const readable = [...used, ...unsure.map((each) => each.observer)];
  const writers = readable.length > 1 ? await findWriters(read, readable, suspects) : [];
  if (writers.length === 0) dropped.push(...unsure);
  return {
    used,
    dropped,
    mask,
    writers,
    retry: writers.length === 0 ? [] : unsure.map((each) => each.observer),
  };
}

/** The first change between two outputs of observer `key`, beyond its own volatile parts, as a line. */
function firstChange(key: string, before: string, after: string, own: ObserverMask): string | undefined {
  const first = diffObserverText(key, before, after, own)[0];
  return first === undefined ? undefined : `${first.kind} ${OBSERVED_ENVIRONMENT}:${first.entity}`;
}

/**
 * The observers whose read changes a suspect's output beyond its own volatile parts, twice in two tries
 * (a clock that ticks during one read does not tick during both).
 */
async function findWriters(
  read: (observer: Observer) => Promise<{ text: string } | { error: string }>,
  observers: readonly Observer[],
  suspects: readonly Suspect[],
): Promise<Array<{ observer: Observer; reason: string }>> {
  const writers = new Map<Observer, string>();
  for (const { observer: suspect, changed, controlled } of suspects) {
    const key = observerKey(suspect);
    const changedBetween = async (between: () => Promise<unknown>) => {
      const before = await read(suspect);
      await between();
      const after = await read(suspect);
      return 'text' in before && 'text' in after ? changed(before.text, after.text) : undefined;
    };
    for (const other of observers) {
      if (other === suspect || writers.has(other)) continue;
      let change: string | undefined;
      for (let attempt = 0; attempt < 2; attempt++) {
        const started = performance.now();
        change = await changedBetween(() => read(other));
        if (change === undefined) break;
        // As long again with no read between: a change then too is the suspect's own (ambient), not other's.
        const took = performance.now() - started;
        if (controlled === true && (await changedBetween(() => sleep(took))) !== undefined) {
          change = undefined;
          break;
        }
      }
      if (change !== undefined) {
        writers.set(other, `reading it changed what ${key} shows (${change}): it does not only read`);
      }
    }
  }
  return [...writers].map(([observer, reason]) => ({ observer, reason }));
}

/**
 * Why an observer whose output changed on its own is left out; for the resource listing, that resources came
 * and went with nothing called (a listing of recent log entries): its changes are ambient, never a call's.
 */
function unstableReason(observer: Observer, unstable: string): string {
  if (observer.kind !== 'listing') return unstable;
  return (
    `the resources it lists came and went, or all changed, between calibration reads with nothing called ` +
    `(${unstable}): the listing changes on its own, so what it shows is ambient`
  );
}
