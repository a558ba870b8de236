import type pg from 'pg';
import type { PgOrigin } from './pgOrigin.js';
import type { PgLogEntry, PgRescan, PgSnapshot, PgTableBase } from './pgSnapshot.js';
import type { CaptureState } from './readCapture.js';
import { applyEntries } from './rowSets.js';
import { EMPTY_FINGERPRINT, fingerprintTables, readRows } from './scanTables.js';

export interface RescanInput {
  readonly seq: number;
  /** The previous snapshot; absent for the first (compared with the template, nothing to report). */
  readonly previous: PgSnapshot | undefined;
  readonly origin: PgOrigin;
  readonly capture: CaptureState;
  /** Tables whose log cannot be trusted since the previous snapshot. */
  readonly untrusted: ReadonlyMap<string, string>;
  /** The log including this snapshot's new entries. */
  readonly log: readonly PgLogEntry[];
}

/**
 * The fallback for tables whose log cannot be trusted since the previous snapshot. Tier one fingerprints
 * them (one statement); a table whose fingerprint equals the one it had then has not changed and keeps its
 * known rows. Tier two reads the rows of the others and rebuilds their rows at the previous snapshot from
 * the last full comparison (or the template's rows, from the pristine copy) plus the log entries trusted
 * since. Tables whose log is trusted are not read at all: their bases are carried over unchanged.
 */
export async function rescan(
  client: pg.ClientBase,
  input: RescanInput,
): Promise<{ bases: Map<string, PgTableBase>; rescans: Map<string, PgRescan> }> {
  const { seq, previous, origin, capture, untrusted, log } = input;
  const bases = new Map<string, PgTableBase>();
  for (const [name, base] of previous?.bases ?? []) {
    if (capture.tables.get(name)?.oid === base.oid && !untrusted.has(name)) bases.set(name, base);
  }
  const rescans = new Map<string, PgRescan>();
  const names = [...untrusted.keys()];
  const prints = await fingerprintTables(
    client,
    names.map((name) => capture.tables.get(name)!.ident),
  );
  for (const [i, name] of names.entries()) {
    const now = capture.tables.get(name)!;
    const fingerprint = prints[i]!;
    const then = stateBefore(input, name);
    const known = then !== undefined && then.entries.length === 0 ? then.base.fingerprint : undefined;
    if (then === undefined ? fingerprint === EMPTY_FINGERPRINT : known === fingerprint) {
      // Unchanged (or created empty): what was known of its rows still holds.
      bases.set(name, {
        ...(then?.base ?? { rows: [] }),
        oid: now.oid,
        seq,
        logLength: log.length,
        fingerprint,
      });
      continue;
    }
    const rows = await readRows(client, now.ident);
    bases.set(name, { oid: now.oid, seq, logLength: log.length, fingerprint, rows });
    if (previous === undefined) continue;
    const before =
      then === undefined
        ? []
        : applyEntries(then.base.rows ?? (await origin.rows(name)), then.entries, previous.keys.get(name));
    rescans.set(name, { before, after: rows });
  }
  return { bases, rescans };
}

/**
 * What is known of table `name` as it was at the previous snapshot (or in the template): its last full
 * comparison and the log entries written to it after that, up to the previous snapshot. Undefined when
 * no table of that name existed then.
 */
function stateBefore(
  input: RescanInput,
  name: string,
): { base: PgTableBase; entries: PgLogEntry[] } | undefined {
  const { previous, origin } = input;
  const then = (previous?.capture ?? origin.capture).tables.get(name);
  if (then === undefined) return undefined;
  const carried = previous?.bases.get(name);
  let base: PgTableBase;
  if (carried !== undefined && carried.oid === then.oid) {
    base = carried;
  } else if (origin.capture.tables.get(name)?.oid === then.oid) {
    base = { oid: then.oid, seq: -1, logLength: 0, fingerprint: origin.fingerprints.get(name) ?? '' };
  } else {
    throw new Error(
      `pg: no reference rows for ${name} (oid ${then.oid}) at snapshot ${previous?.seq ?? 'template'}: ` +
        'it was neither in the template nor compared in full when it appeared. This is a hintproof bug; please report it.',
    );
  }
  const entries = (previous?.log ?? [])
    .slice(base.logLength)
    .filter((entry) => entry.rel === then.oid && entry.op !== 'T');
  return { base, entries };
}
