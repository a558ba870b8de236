import type { Change, SandboxSnapshot } from '../../../harness/index.js';
import { changeKey, SandboxLost } from '../../../harness/index.js';
import type { EgressAttempt } from '../../../harness/process/index.js';
import { destinationKey } from '../../../harness/process/index.js';
import type { ToolInfo } from '../../mcp/index.js';
import type { ObservedEnvironment } from '../../observe/index.js';
import { discoverObservers, observeServer } from '../../observe/index.js';
import { DEFAULT_MAX_OBSERVERS } from '../../observe/findObservers.js';
import { reached } from './reached.js';
import { watchedPause } from '../run/quietWindow.js';
import type { RunSession } from '../session/session.js';
import type { SessionPool } from '../session/sessionPool.js';

/**
 * The watched pause after the observers' first reads, in multiples of the probe's `calibrationMs`: a write an
 * observer makes up to this long after it was read (a debounced save, a usage counter flushed later) lands
 * inside it (a later one needs a longer `--calibration`). With the default 250 ms, 500 ms: it stands for both
 * of the pauses the probe took before (the ambient one and calibration's), so admitting observers this way
 * costs the probe no time when nothing changes (measured on server-filesystem: see the report of issue 32).
 */
const OBSERVER_QUIET_FACTOR = 2;

export interface ProbeSettings {
  readonly calibrationMs: number;
  readonly timeoutSeconds: number;
  readonly maxObservers?: number;
}

/** What the probe learns of time and observers, and the session it learned it in (to hand on or release). */
export interface ObserversProbed {
  readonly ambient: readonly Change[];
  readonly startupEgress: readonly EgressAttempt[];
  readonly observers: ObservedEnvironment;
  readonly session: RunSession;
}

/**
 * The ambient changes and the observers of a freshly started server. Observers are admitted only once shown to
 * change nothing themselves, read several times with a watched pause after, so that a late write is seen:
 *
 * 1. When the server has observers, their calibration (`observeServer`) runs inside one watched window from the
 *    baseline: first reads, a pause of `OBSERVER_QUIET_FACTOR` × `calibrationMs` watched every 50 ms, more
 *    reads, a last look. Nothing changed and nothing new reached: the window was the ambient pause too (no
 *    ambient change), and every calibrated observer only reads.
 * 2. Otherwise (or with no observer) the changes cannot be told apart: this session is released and a fresh
 *    one watches a pause with no read (the ambient changes), then reads all observers together, and, when that
 *    changes anything not ambient, each alone (`findSandboxWriters`), each group read several times with a
 *    watched pause after its reads; the writers are left out and the rest calibrated.
 *
 * When a fresh session was taken, `session` is released once it is done; the caller releases the one returned
 * (and, when this throws, `session`).
 */
export async function probeObservers(
  pool: SessionPool,
  session: RunSession,
  tools: readonly ToolInfo[],
  settings: ProbeSettings,
): Promise<ObserversProbed> {
  const max = settings.maxObservers ?? DEFAULT_MAX_OBSERVERS;
  const found = await discoverObservers(session.connection, tools, max);
  const quietMs = OBSERVER_QUIET_FACTOR * settings.calibrationMs;
  const observe = { timeoutSeconds: settings.timeoutSeconds, max, found };
  const apart = { ...observe, calibrationMs: settings.calibrationMs, quietMs };
  if (found.observers.length > 0) {
    const startup = await session.egress();
    // By kind and address: a datagram on a socket connected at start-up is no start-up traffic (the connect was).
    const known = new Set(startup.map(destinationKey));
    const watch = new WindowWatch(session, session.baseline);
    try {
      const observers = await observeServer(session.connection, tools, {
        ...observe,
        pauseMs: quietMs,
        pause: async (ms) => {
          await watch.pause(ms);
          // The window is spoilt: calibrating on would only cost reads (each settled) that step 2 makes again.
          if (watch.changes.length > 0) throw new WindowSpoilt();
        },
      });
      await watch.look();
      const egress = await session.egress();
      if (watch.changes.length === 0 && egress.every((attempt) => known.has(destinationKey(attempt)))) {
        return { ambient: [], startupEgress: [...startup, ...egress], observers, session };
      }
    } catch (error) {
      // A read that ended hintproof's view of the sandbox: the fresh session below finds which one did.
      if (!(error instanceof SandboxLost) && !(error instanceof WindowSpoilt)) throw error;
    }
  }
  if (found.observers.length === 0) return probeApart(session, tools, apart);
  // The first session's state holds what its reads did: a fresh one watches with no read first, started now
  // (one prepared beside step 1 may have been hit by its reads: a read that ends hintproof's database sessions).
  const fresh = await pool.take(0);
  try {
    const probed = await probeApart(fresh, tools, apart);
    pool.release(session);
    return probed;
  } catch (error) {
    pool.release(fresh);
    throw error;
  }
}

/** Step 2 of `probeObservers`: the ambient pause with no read, then the observers tried group by group. */
async function probeApart(
  session: RunSession,
  tools: readonly ToolInfo[],
  settings: {
    calibrationMs: number;
    quietMs: number;
    timeoutSeconds: number;
    max: number;
    found: Awaited<ReturnType<typeof discoverObservers>>;
  },
): Promise<ObserversProbed> {
  // With observers, as long as the window of step 1 was: what it saw on its own must show here too.
  const ambientMs = settings.found.observers.length > 0 ? settings.quietMs : settings.calibrationMs;
  // Watched on the way: a background job's change undone within the pause is ambient too.
  const { changes: ambient } = await watchedPause(session, session.baseline, ambientMs);
  const startupEgress = await session.egress();
  const ambientKeys = new Set(ambient.map(changeKey));
  const startupDestinations = new Set(startupEgress.map(destinationKey));
  // Observers are calibrated after the ambient snapshots: their reads must not count as ambient change. One
  // whose reads change the sandbox, at once or within the watched pause after them, is left out: read around
  // every call, it would be blamed on each.
  const observers = await observeServer(session.connection, tools, {
    pauseMs: settings.calibrationMs,
    timeoutSeconds: settings.timeoutSeconds,
    max: settings.max,
    found: settings.found,
    changedAround: async (read, watchAfter = true) => {
      try {
        const before = await session.sandbox.snapshot();
        await session.egress();
        await read();
        const { changes } = await watchedPause(session, before, watchAfter ? settings.quietMs : 0);
        const egress = await session.egress();
        const change = changes.find((c) => !ambientKeys.has(changeKey(c)));
        if (change !== undefined) return `changed the sandbox (${change.kind} ${changeKey(change)})`;
        // Background traffic (the start-up's, a timer's) is no reason to drop a read.
        const own = egress.filter((attempt) => !startupDestinations.has(destinationKey(attempt)));
        return own.length === 0 ? undefined : `tried to reach outside the sandbox (${reached(own)})`;
      } catch (error) {
        // A read that ended hintproof's view of the sandbox (a hostile "read-only" tool) is no observer.
        if (!(error instanceof SandboxLost)) throw error;
        return `hintproof lost sight of the sandbox around it: ${error.message}`;
      }
    },
  });
  return { ambient, startupEgress, observers, session };
}

/** Step 1's window saw a change: its observers are tried apart (step 2). */
class WindowSpoilt extends Error {}

/** Every change seen in a session from `from` on, through watched pauses and looks: one per entity, the first. */
class WindowWatch {
  readonly #session: RunSession;
  #last: SandboxSnapshot;
  readonly #seen = new Map<string, Change>();

  constructor(session: RunSession, from: SandboxSnapshot) {
    this.#session = session;
    this.#last = from;
  }

  get changes(): Change[] {
    return [...this.#seen.values()];
  }

  async pause(ms: number): Promise<void> {
    const { after, changes } = await watchedPause(this.#session, this.#last, ms);
    this.#add(changes, after);
  }

  async look(): Promise<void> {
    const now = await this.#session.sandbox.snapshot();
    this.#add(this.#session.sandbox.diff(this.#last, now), now);
  }

  #add(changes: readonly Change[], after: SandboxSnapshot): void {
    for (const change of changes)
      if (!this.#seen.has(changeKey(change))) this.#seen.set(changeKey(change), change);
    this.#last = after;
  }
}
