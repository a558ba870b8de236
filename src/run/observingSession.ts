import type { Sandbox, SandboxSnapshot, Snapshot } from '../../harness/index.js';
import type { Calibration, ObservedSnapshot } from '../observe/index.js';
import { diffObserved, readObservers } from '../observe/index.js';
import type { RunSession } from './session.js';

/** The key of the observers' reading in a session's snapshots, beside the environments'. */
const OBSERVED_KEY = 'observed';

/** No reading: an observer missing on one side shows no change. */
const NOTHING_READ: ObservedSnapshot = new Map();

/** The observers' reading as one more environment snapshot of the session's. */
interface ObservedReading extends Snapshot {
  readonly environment: typeof OBSERVED_KEY;
  readonly observed: ObservedSnapshot;
}

/**
 * The session with its server's own view of its state as one more environment: every snapshot also reads the
 * calibrated observers (the server's read-only tools and resources), and every diff also compares what they
 * showed, their volatile parts masked (`observed:list_items#/[id=i1]/views`). The baseline is taken again,
 * observers included. A server that is no longer alive is not read (no change is seen through it).
 */
export async function observingSession(
  session: RunSession,
  calibration: Pick<Calibration, 'used' | 'mask'>,
  timeoutSeconds: number,
): Promise<RunSession> {
  if (calibration.used.length === 0) return session;
  const inner = session.sandbox;
  const observedIn = (snapshot: SandboxSnapshot) =>
    (snapshot.get(OBSERVED_KEY) as ObservedReading | undefined)?.observed ?? NOTHING_READ;
  const sandbox: Sandbox = {
    directory: inner.directory,
    placeholders: inner.placeholders,
    isolate: (gate) => inner.isolate(gate),
    async snapshot() {
      const snapshot = await inner.snapshot();
      if (!session.alive()) return snapshot;
      const reading: ObservedReading = {
        environment: OBSERVED_KEY,
        observed: await readObservers(session.connection, calibration.used, timeoutSeconds),
      };
      return new Map<string, Snapshot>([...snapshot, [OBSERVED_KEY, reading]]);
    },
    diff: (before, after) => [
      ...inner.diff(before, after),
      ...diffObserved(observedIn(before), observedIn(after), calibration.mask),
    ],
    harvest: (snapshot) => inner.harvest(snapshot),
    [Symbol.asyncDispose]: () => inner[Symbol.asyncDispose](),
  };
  const baseline = await sandbox.snapshot();
  return { ...session, sandbox, baseline };
}
