import type { HarvestedValue, Snapshot } from '../environment.js';
import { PG_ENVIRONMENT } from './pgTarget.js';

/** One schema object from the catalogs: its kind, the table it belongs to (columns, indexes…), its definition. */
export interface PgObject {
  readonly type: string;
  readonly owner?: string;
  readonly definition: string;
}

/** One captured row change: `I`nsert, `U`pdate or `D`elete of a row of `table`, rows as JSON objects. */
export interface PgLogEntry {
  readonly id: number;
  readonly table: string;
  readonly op: 'I' | 'U' | 'D';
  readonly old: Readonly<Record<string, unknown>> | null;
  readonly new: Readonly<Record<string, unknown>> | null;
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
  /** Every captured row change since the run's database was created, oldest first. */
  readonly log: readonly PgLogEntry[];
  readonly open: readonly PgOpenTransaction[];
  /** Values sampled from the seeded template, for the argument generator. */
  readonly samples: readonly HarvestedValue[];
}

/** The snapshot as a PgSnapshot, or an error naming what was received. */
export function asPgSnapshot(snapshot: Snapshot, role: string): PgSnapshot {
  if (snapshot.environment !== PG_ENVIRONMENT) {
    throw new Error(`pg: the ${role} snapshot belongs to "${snapshot.environment}", not "pg".`);
  }
  return snapshot as PgSnapshot;
}
