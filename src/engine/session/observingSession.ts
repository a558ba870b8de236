import type { Change, Sandbox, SandboxSnapshot, Snapshot } from '../../../harness/index.js';
import type { EgressAttempt } from '../../../harness/process/index.js';
import type { ObservedEnvironment, ObservedSnapshot } from '../../observe/index.js';
import { observerKey } from '../../observe/index.js';
import { readAttributed } from './observerReads.js';
import type { RunSession } from './session.js';

/** The key of the observers' reading in a session's snapshots, beside the environments'. */
const OBSERVED_KEY = 'observed';

/** No reading: an observer missing on one side shows no change. */
const NOTHING_READ: ObservedSnapshot = new Map();

/** The observers' reading as one more environment snapshot of the session's. */
interface ObservedReading extends Snapshot {
  readonly environment: typeof OBSERVED_KEY;
  readonly observed: ObservedSnapshot;
  /** The sandbox once the observers were read: what a diff from this snapshot starts from. */
  readonly afterReads: SandboxSnapshot;
}

/**
 * The session with its server's own view of its state as one more environment: every snapshot also reads the
 * calibrated observers (the server's read-only tools and resources), and every diff also compares what they
 * showed, their volatile parts masked (`observed:list_items#/[id=i1]/views`). The baseline is taken again,
 * observers included. A server that is no longer alive is not read (no change is seen through it). Egress
 * attempted while the observers are read is not blamed on any call. The sandbox is snapshotted before the
 * reads and again after them (`readAttributed`): a diff compares the state the earlier snapshot's reads left
 * with the state before the later one's, so a change made while observers were read is charged to no call,
 * and the observer that made it is read no more (`ObserverRoster`). `isExcluded` (ambient, `--ignore`) says
 * which changes during reads are no observer's doing.
 */
export async function observingSession(
  session: RunSession,
  observed: ObservedEnvironment,
  isExcluded: (change: Change) => boolean = () => false,
): Promise<RunSession> {
  const watch = observed.valueWatch();
  if (observed.observers.length === 0 && watch === undefined) return session;
  const inner = session.sandbox;
  const readingOf = (snapshot: SandboxSnapshot) => snapshot.get(OBSERVED_KEY) as ObservedReading | undefined;
  const observedIn = (snapshot: SandboxSnapshot) => readingOf(snapshot)?.observed ?? NOTHING_READ;
  const afterReadsOf = (snapshot: SandboxSnapshot) => readingOf(snapshot)?.afterReads ?? snapshot;
  // Egress the server attempts while its observers are read is theirs, not the call's: what came before
  // the reads is kept for the next `egress()`, what came during them is dropped.
  let pending: EgressAttempt[] = [];
  /** Whether a change is one a value observer showed (its key, or a place inside it: `key#…`). */
  const byValue = (entity: string) =>
    (watch?.used() ?? []).some((observer) => {
      const key = observerKey(observer);
      return entity === key || entity.startsWith(`${key}#`);
    });
  const sandbox: Sandbox = {
    directory: inner.directory,
    placeholders: inner.placeholders,
    isolate: (gate) => inner.isolate(gate),
    async snapshot() {
      const snapshot = await inner.snapshot();
      if (!session.alive()) return snapshot;
      pending.push(...(await session.egress()));
      const { observed: read, afterReads } = await readAttributed(
        session.connection,
        inner,
        snapshot,
        observed,
        watch?.used() ?? [],
        isExcluded,
      );
      const reading: ObservedReading = { environment: OBSERVED_KEY, observed: read, afterReads };
      await session.egress();
      return new Map<string, Snapshot>([...snapshot, [OBSERVED_KEY, reading]]);
    },
    diff: (before, after) => [
      ...inner.diff(afterReadsOf(before), after),
      ...observed
        .diff(observedIn(before), observedIn(after))
        .map((change) => (byValue(change.entity) ? { ...change, partial: true } : change)),
    ],
    harvest: (snapshot) => inner.harvest(snapshot),
    [Symbol.asyncDispose]: () => inner[Symbol.asyncDispose](),
  };
  const baseline = await sandbox.snapshot();
  const egress = async () => {
    const attempts = [...pending, ...(await session.egress())];
    pending = [];
    return attempts;
  };
  const watchValues = async (values: readonly string[], uris: readonly string[] = []) => {
    const candidates = watch?.candidates(values, uris) ?? [];
    if (watch === undefined || candidates.length === 0 || !session.alive()) return false;
    await watch.admit(session.connection, candidates, async (reads) => {
      const before = await sandbox.snapshot();
      await reads();
      // What the server tried to reach during these reads is theirs, not the next call's.
      await session.egress();
      const after = await sandbox.snapshot();
      return sandbox.diff(before, after).length > 0;
    });
    return true;
  };
  return { ...session, sandbox, baseline, egress, watchValues };
}
