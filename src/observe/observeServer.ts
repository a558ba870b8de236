import type { Change } from '../../harness/index.js';
import type { McpConnection, ToolInfo } from '../mcp/index.js';
import { calibrateObservers } from './calibrateObservers.js';
import { diffObserved, unreadObservers } from './diffObserved.js';
import { discoverObservers } from './discoverObservers.js';
import { DEFAULT_MAX_OBSERVERS } from './findObservers.js';
import { findSandboxWriters } from './findSandboxWriters.js';
import type { ChangedAround } from './findSandboxWriters.js';
import type { ObservedSnapshot, Observer } from './observer.js';
import { observerKey } from './observer.js';
import { readObservers } from './readObservers.js';
import type { VolatileMask } from './volatileMask.js';
import { ValueWatch } from './valueWatch.js';
import type { DroppedObserver } from './observerRoster.js';
import { ObserverRoster } from './observerRoster.js';

/**
 * Longest an observer's read may take, in seconds (or the per-call time-out, if shorter). Observers are read
 * before and after every call: a read slower than this (a tool that runs a long operation) would cost more
 * than the calls it watches, and is left out after one calibration read says so.
 */
export const OBSERVER_READ_SECONDS = 3;

export interface ObserveOptions {
  /** The pause between calibration reads (the engine's `--calibration` ms). */
  readonly pauseMs: number;
  /** Per read (the engine's per-call `--timeout`). */
  readonly timeoutSeconds: number;
  /** At most this many observers (default `DEFAULT_MAX_OBSERVERS`); 0: none, value observers included. */
  readonly max?: number;
  /**
   * Runs a read between two sandbox snapshots and says what it did besides reading (the first change, egress),
   * if anything (see `findSandboxWriters`).
   */
  readonly changedAround?: ChangedAround;
  /**
   * Takes calibration's pause (see `calibrateObservers`): the probe's watches the sandbox meanwhile, when it
   * calibrates inside one watched window instead of through `changedAround`.
   */
  readonly pause?: (ms: number) => Promise<unknown>;
  /** The observers already discovered (`discoverObservers`), so that resources are not listed twice. */
  readonly found?: Awaited<ReturnType<typeof discoverObservers>>;
}

/** The `observed` environment of one check: which observers, what they mask, and how to read and diff them. */
export interface ObservedEnvironment {
  /**
   * The observers read around each call (empty: the server shows no state of its own to hintproof): those
   * calibration admitted and the check has not retired since (`roster`).
   */
  readonly observers: readonly Observer[];
  /** The observers left out, by calibration or retired during the check, with why; and a resources/list failure. */
  readonly dropped: readonly DroppedObserver[];
  /** Which admitted observers are still read, and which are suspected or retired (shared by every session). */
  readonly roster: ObserverRoster;
  readonly problem?: string;
  readonly mask: VolatileMask;
  /** How long one observer read may take, in seconds (`OBSERVER_READ_SECONDS` or the call time-out). */
  readonly readSeconds: number;
  /**
   * A fresh watch for the value observers of one session (see `ValueWatch`), when the server has a read-only
   * tool that takes one argument or a resource template; `undefined` otherwise.
   */
  valueWatch(): ValueWatch | undefined;
  /** Reads every active observer through a session's connection (each session has its own server process). */
  snapshot(connection: McpConnection): Promise<ObservedSnapshot>;
  /** The changes between two snapshots, volatile parts left out. */
  diff(before: ObservedSnapshot, after: ObservedSnapshot): Change[];
  /** The observers that could not be compared between two snapshots, with why. */
  unread(before: ObservedSnapshot, after: ObservedSnapshot): Array<{ key: string; error: string }>;
}

/**
 * Finds and calibrates the observers of a freshly started server (the probe's session, before any command):
 * `discoverObservers`, then `findSandboxWriters` when the engine can snapshot around a read, then
 * `calibrateObservers` on the rest. The mask holds for every session of the same server command.
 */
export async function observeServer(
  connection: McpConnection,
  tools: readonly ToolInfo[],
  options: ObserveOptions,
): Promise<ObservedEnvironment> {
  const found =
    options.found ?? (await discoverObservers(connection, tools, options.max ?? DEFAULT_MAX_OBSERVERS));
  const readSeconds = Math.min(options.timeoutSeconds, OBSERVER_READ_SECONDS);
  // The first read of them all finds writers (around it, the sandbox is snapshotted) and unreadable ones: an
  // observer that cannot be read (too slow, an error) costs no more reads.
  const { writers, first } =
    options.changedAround === undefined
      ? { writers: [], first: await readObservers(connection, found.observers, readSeconds) }
      : await findSandboxWriters(connection, found.observers, readSeconds, options.changedAround);
  const unreadable = found.observers.flatMap((observer) => {
    const entry = first.get(observerKey(observer));
    return entry !== undefined && 'error' in entry && !writers.some((writer) => writer.observer === observer)
      ? [{ observer, reason: `its first read failed: ${entry.error}` }]
      : [];
  });
  const left = found.observers.filter(
    (observer) =>
      !unreadable.some((each) => each.observer === observer) &&
      !writers.some((writer) => writer.observer === observer),
  );
  const calibration = await calibrateObservers(connection, left, options.pauseMs, readSeconds, options.pause);
  const order = (entry: { observer: Observer }) => found.observers.indexOf(entry.observer);
  const { mask, used } = calibration;
  const calibrated = [...unreadable, ...writers, ...calibration.dropped];
  const roster = new ObserverRoster(used);
  // Resources that appear in a session's listing may be read by uri, like those listed at start-up.
  const listing = found.observers.some((observer) => observer.kind === 'listing');
  return {
    get observers() {
      return roster.active();
    },
    get dropped() {
      return [...calibrated, ...roster.retired()].sort((a, b) => order(a) - order(b));
    },
    roster,
    ...(found.problem === undefined ? {} : { problem: found.problem }),
    mask,
    readSeconds,
    valueWatch: () =>
      options.max !== 0 && ValueWatch.possible(tools, found.templates, listing)
        ? new ValueWatch(tools, found.templates, readSeconds, listing)
        : undefined,
    diff: (before, after) => diffObserved(before, after, mask),
    snapshot: (session) => readObservers(session, roster.active(), readSeconds),
    unread: unreadObservers,
  };
}
