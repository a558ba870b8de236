/**
 * One difference between two snapshots of one environment.
 *
 * - `add`: a new file/directory (later: row, table, column, index).
 * - `append`: a file whose old content is a strict prefix of its new content.
 * - `modify`: existing content changed in place (bytes, mode, link target, type).
 * - `delete`: an existing entity is gone. A move is a delete plus an add.
 * - `counter`: a sequence advanced. Shown in evidence, ignored by every check.
 */
export type ChangeKind = 'add' | 'append' | 'modify' | 'delete' | 'counter';

export interface Change {
  readonly kind: ChangeKind;
  /** The environment that changed: `fs`, later `pg`. */
  readonly environment: string;
  /** The entity inside it, e.g. a sandbox-relative path `notes/a.md` (always `/`-separated). */
  readonly entity: string;
  /** A short human summary of the difference, e.g. `+9 bytes` or `file, 120 bytes`. */
  readonly detail: string;
  /**
   * For an updated row (`pg`): the changed columns, qualified as `schema.table.column`, so that `--ignore`
   * patterns such as `pg:*.updated_at` can exclude an update that only touched matching columns.
   */
  readonly columns?: readonly string[];
  /**
   * Seen through a view of one entity only (an observer read by id, `get_note {"id":"n1"}`): it shows what
   * happened to that entity, never what else appeared. It contradicts a claim like any change, but is no sign
   * that the server's state as a whole is observed (a check that saw nothing else is still blind).
   */
  readonly partial?: boolean;
  /**
   * The file a record, line or row lies in, when that file was there before and after (its content compared by
   * meaning): a record added to it was added to something that existed, which the call read or rewrote.
   */
  readonly within?: string;
}

/** The qualified name used by `--ignore` patterns and in reports: `fs:notes/a.md`. */
export function changeKey(change: Pick<Change, 'environment' | 'entity'>): string {
  return `${change.environment}:${change.entity}`;
}
