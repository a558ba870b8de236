import type { Change, Sandbox, SandboxSnapshot } from '../../../harness/index.js';
import { changeKey } from '../../../harness/index.js';
import type { McpConnection } from '../../mcp/index.js';
import type { ObservedEntry, ObservedEnvironment, ObservedSnapshot } from '../../observe/index.js';
import type { Observer } from '../../observe/observer.js';
import { readObservers } from '../../observe/index.js';

/** The observers' reading, and the sandbox state once they were read (the state the next call starts from). */
export interface AttributedReading {
  readonly observed: ObservedSnapshot;
  readonly afterReads: SandboxSnapshot;
}

/**
 * Reads the active observers of `observed` (then `values`, the session's value observers) with the sandbox
 * snapshotted after them, so that what changes while they are read is theirs, not the next call's: the caller
 * diffs the next call from `afterReads`. The observers not suspected are read together, then each suspect on its
 * own with a snapshot after it. A change (not `isExcluded`: ambient, `--ignore`d) seen after a group of one
 * retires that observer for the rest of the check, with the change as the reason; after a group of several,
 * each of them becomes a suspect, read on its own from then on. Changes after value observers' reads are set
 * aside the same way, without retiring any (a value observer is admitted per session by `ValueWatch`).
 */
export async function readAttributed(
  connection: McpConnection,
  sandbox: Sandbox,
  from: SandboxSnapshot,
  observed: ObservedEnvironment,
  values: readonly Observer[],
  isExcluded: (change: Change) => boolean,
): Promise<AttributedReading> {
  const roster = observed.roster;
  const active = roster.active();
  const groups = [
    active.filter((observer) => !roster.suspected(observer)),
    ...active.filter((observer) => roster.suspected(observer)).map((observer) => [observer]),
  ].filter((group) => group.length > 0);
  const reading = new Map<string, ObservedEntry>();
  let last = from;
  const readGroup = async (group: readonly Observer[]) => {
    for (const [key, entry] of await readObservers(connection, group, observed.readSeconds)) {
      reading.set(key, entry);
    }
    const now = await sandbox.snapshot();
    const changes = sandbox.diff(last, now).filter((change) => !isExcluded(change));
    last = now;
    return changes;
  };
  for (const group of groups) {
    const changes = await readGroup(group);
    const first = changes[0];
    if (first === undefined) continue;
    const [only] = group;
    if (group.length === 1 && only !== undefined) roster.retire(only, retiredBecause(first, changes.length));
    else roster.suspect(group);
  }
  if (values.length > 0) await readGroup(values);
  return { observed: reading, afterReads: last };
}

/** Why an observer is read no more: what its read changed during the check. */
function retiredBecause(first: Change, count: number): string {
  const more = count > 1 ? ` and ${count - 1} more` : '';
  return (
    `reading it during the check changed the sandbox (${first.kind} ${changeKey(first)}${more}): it does not ` +
    'only read; not read around calls after that, and that change charged to it, not to any call'
  );
}
