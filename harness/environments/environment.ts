import type { Change } from './change.js';

/** The state of one environment at one instant, comparable by value. Opaque outside its environment. */
export interface Snapshot {
  readonly environment: string;
}

/**
 * A value found in a snapshot that a generated argument may reuse, so that calls meet existing state.
 * `value` may contain the environment's placeholder (e.g. `{fs}/notes/a.md`), which is substituted
 * with the run's real location just before a call.
 */
export interface HarvestedValue {
  /**
   * What the value names: a path (relative or placeholder-absolute), a bare name, an identifier, a table; a
   * `relation` is a table with its shape (`relation`), and a `routine` a function of the database with its
   * arguments (`routine`), for statements built from the sandbox's own schema.
   */
  readonly kind:
    'path' | 'directory' | 'name' | 'identifier' | 'text' | 'table' | 'relation' | 'routine' | 'record';
  readonly value: string;
  /** With kind `relation`: the table's columns, key and sampled key values. */
  readonly relation?: HarvestedRelation;
  /** With kind `routine`: the function's name and the types of the arguments a call must give. */
  readonly routine?: HarvestedRoutine;
  /**
   * With kind `record` (`value`: where it was found, a table or a file): one row or JSON object as it is
   * stored, column or key → value, for arguments that name several of its values together (a relation to
   * delete: `source`, `target`, `type`).
   */
  readonly record?: Readonly<Record<string, string | number>>;
}

/**
 * A function of a database environment that a statement can call (`SELECT "public"."touch"(1)`): a function
 * may write while the statement that calls it reads like a query.
 */
export interface HarvestedRoutine {
  readonly dialect: 'postgres';
  /** The schema, when it is not the default one (`public`). */
  readonly schema?: string;
  readonly name: string;
  /** A function is called by a SELECT; a procedure by CALL. */
  readonly kind: 'function' | 'procedure';
  /** The declared types of the arguments without a default, in order (`integer`, `text`). */
  readonly args: readonly string[];
}

/** A table of a database environment as the argument generator needs it to write SQL that meets real rows. */
export interface HarvestedRelation {
  /** Which SQL the environment speaks. */
  readonly dialect: 'postgres' | 'sqlite';
  /** The schema, when it is not the default one (`public`, `main`). */
  readonly schema?: string;
  readonly name: string;
  readonly columns: readonly HarvestedColumn[];
  /** The identifying columns (primary key, else a unique not-null key); empty when none. */
  readonly key: readonly string[];
  /** The key of sampled rows, one record per row (column → value as JSON gives it). */
  readonly keyValues: readonly Readonly<Record<string, string | number | boolean | null>>[];
}

export interface HarvestedColumn {
  readonly name: string;
  /** The declared type as the database prints it (`integer`, `numeric(10,2)`, `text`, `TEXT`). */
  readonly type: string;
  readonly nullable: boolean;
  /** A default, identity or generated value: an insert may leave it out. */
  readonly hasDefault: boolean;
}

/** One live copy of an environment for one run. Disposing it removes the copy. */
export interface EnvironmentInstance extends AsyncDisposable {
  readonly name: string;
  /** Placeholder name → value for this copy, e.g. `{ fs: '/tmp/hintproof-x/run-3/fs' }`. */
  readonly placeholders: Readonly<Record<string, string>>;
  snapshot(): Promise<Snapshot>;
  /** Pure: the changes that lead from `before` to `after` (two snapshots taken by this instance). */
  diff(before: Snapshot, after: Snapshot): Change[];
  /** Pure: values in the snapshot worth offering to generated arguments. */
  harvest(snapshot: Snapshot): HarvestedValue[];
  /**
   * For an environment that is a service (a database): how a server in its own network namespace reaches
   * this copy. `gate` is a fresh host directory outside the run directory for its sockets. Absent for
   * environments that live in the run directory (fs).
   */
  isolate?(gate: string): Promise<IsolatedAccess>;
}

/** What an isolated server needs to reach one environment; disposing it closes the way in. */
export interface IsolatedAccess extends AsyncDisposable {
  /** Host directories to show read-only inside the sandbox, at `inside` (e.g. a socket directory). */
  readonly mounts: readonly { readonly host: string; readonly inside: string }[];
  /** `127.0.0.1:port` inside the sandbox, relayed to the unix socket `socket` (a path inside the sandbox). */
  readonly relays: readonly { readonly port: number; readonly socket: string }[];
  /** The placeholders as the isolated server must see them (they replace the instance's). */
  readonly placeholders: Readonly<Record<string, string>>;
}

/** Prepares an environment once per hintproof process (copies or loads its seed) and hands out fresh copies. */
export interface EnvironmentProvider extends AsyncDisposable {
  readonly name: string;
  /** A fresh copy of the seeded environment, independent of every other copy. */
  create(runDirectory: string): Promise<EnvironmentInstance>;
}
