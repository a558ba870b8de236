import type { HarvestedValue, Snapshot } from '../environment.js';
import type { CaptureJudgement } from './judgeCapture.js';
import type { CaptureState } from './readCapture.js';
import type { LogPosition } from './logPosition.js';
import { PG_ENVIRONMENT } from './pgTarget.js';

/** One schema object from the catalogs: its kind, the table it belongs to (columns, indexes…), its definition. */
export interface PgObject {
  readonly type: string;
  readonly owner?: string;
  readonly definition: string;
}

/**
 * One captured change: `I`nsert, `U`pdate or `D`elete of a row of the table `rel` (named `table` when it
 * was written), rows as JSON objects; or `T`: a type was altered (rel 0), no row.
 */
export interface PgLogEntry {
  readonly id: number;
  /** The table's oid: names change (ALTER TABLE … RENAME), oids do not. */
  readonly rel: number;
  readonly table: string;
  readonly op: 'I' | 'U' | 'D' | 'T';
  readonly old: Readonly<Record<string, unknown>> | null;
  readonly new: Readonly<Record<string, unknown>> | null;
}

/** One row as JSON (`to_jsonb`), in the canonical output settings. */
export type PgRow = Readonly<Record<string, unknown>>;

/** The rows of one table at one point of the log, known from comparing it in full (or from the template). */
export interface PgTableBase {
  readonly oid: number;
  /** The snapshot that compared it in full (-1: the template). */
  readonly seq: number;
  /** The rows are the table's state after the first `logLength` entries of the log. */
  readonly logLength: number;
  /** `count:sum` of `hashtextextended(row::text, 0)`. */
  readonly fingerprint: string;
  /** Absent: the template's rows, read from a pristine copy of the template when needed. */
  readonly rows?: readonly PgRow[];
}

/** A table compared in full over the interval ending at this snapshot: its rows at both ends. */
export interface PgRescan {
  readonly before: readonly PgRow[];
  readonly after: readonly PgRow[];
}

/** A server backend still busy or inside a transaction when the snapshot was taken. */
export interface PgOpenTransaction {
  readonly pid: number;
  readonly state: string;
  /** Whether it has written (holds a transaction id). */
  readonly wrote: boolean;
}

export interface PgSnapshot extends Snapshot {
  readonly environment: typeof PG_ENVIRONMENT;
  /** `type name` → object, for schemas, tables, views, columns, indexes, constraints, functions, sequences, roles. */
  readonly objects: ReadonlyMap<string, PgObject>;
  /** Table → the columns that identify a row (primary key, else a unique not-null key); absent: keyless. */
  readonly keys: ReadonlyMap<string, readonly string[]>;
  /** Sequence → its last value. */
  readonly sequences: ReadonlyMap<string, string>;
  /** Position in the run: 0 for the first snapshot of a database, then 1, 2… */
  readonly seq: number;
  /** Every captured change since the run's database was created, in the order read. */
  readonly log: readonly PgLogEntry[];
  readonly logPosition: LogPosition;
  /** Change capture as found, and whether the log can be trusted for each table since the previous snapshot. */
  readonly capture: CaptureState;
  readonly judgement: CaptureJudgement;
  /** Table → its rows as last compared in full; tables never compared in full still have the template's. */
  readonly bases: ReadonlyMap<string, PgTableBase>;
  /** Tables compared in full since the previous snapshot whose fingerprint moved, with both row sets. */
  readonly rescans: ReadonlyMap<string, PgRescan>;
  readonly open: readonly PgOpenTransaction[];
  /** Values sampled from the seeded template, for the argument generator. */
  readonly samples: readonly HarvestedValue[];
  /**
   * The cluster's databases made since the check started that are none of hintproof's (the server's), by
   * oid → name. Absent in snapshots that did not look.
   */
  readonly databases?: ReadonlyMap<number, string>;
}

/** The snapshot as a PgSnapshot, or an error naming what was received. */
export function asPgSnapshot(snapshot: Snapshot, role: string): PgSnapshot {
  if (snapshot.environment !== PG_ENVIRONMENT) {
    throw new Error(`pg: the ${role} snapshot belongs to "${snapshot.environment}", not "pg".`);
  }
  return snapshot as PgSnapshot;
}
