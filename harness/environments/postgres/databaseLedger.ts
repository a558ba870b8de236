import type pg from 'pg';
import type { MaintenanceClient } from './maintenanceClient.js';

/** A database the server (not hintproof) created during the check, as the report lists it. */
export interface CreatedDatabase {
  readonly name: string;
  /** Whether hintproof dropped it. */
  readonly dropped: boolean;
  /** Why it was left, when it was. */
  readonly note?: string;
}

/** A database none of hintproof's, made since the check started: by the server, as far as can be told. */
export interface StrayDatabase {
  readonly oid: number;
  readonly name: string;
}

/**
 * Whose new databases count as the server's: on hintproof's own cluster every one; through `--pg-url`
 * those its role could have made (owned by a role it is a member of), or, for a superuser (a member of
 * every role), those owned by that very role.
 */
type StrayScope = 'cluster' | 'member' | 'owner';

/**
 * Every database of the cluster when the check started, hintproof's own (by oid once made, by name while
 * being made), and what became of the server's. Made once per provider.
 */
export interface DatabaseLedger {
  /** `hintproof_<pid>_<random>`: the names of this process's databases start with it and `_`. */
  readonly prefix: string;
  readonly scope: StrayScope;
  /** Names of hintproof's own databases not dropped yet (also those being made). */
  readonly names: Set<string>;
  /** Every database hintproof made in this check, oid → name. */
  readonly own: Map<number, string>;
  /** Those of them hintproof dropped, or is dropping: every other one should still be there. */
  readonly released: Set<number>;
  readonly initialOids: readonly number[];
  /** The server's databases found so far, by oid. */
  readonly created: Map<number, CreatedDatabase>;
}

export async function openLedger(
  admin: MaintenanceClient,
  prefix: string,
  owned: boolean,
): Promise<DatabaseLedger> {
  const { rows } = await admin.query<{ oid: number; superuser: boolean }>(
    'select d.oid::int as oid, r.rolsuper as superuser from pg_database d, pg_roles r where r.rolname = current_user',
  );
  return {
    prefix,
    scope: owned ? 'cluster' : rows[0]?.superuser ? 'owner' : 'member',
    names: new Set(),
    own: new Map(),
    released: new Set(),
    initialOids: rows.map((row) => row.oid),
    created: new Map(),
  };
}

/**
 * The databases made since the check started that are neither hintproof's nor another live hintproof
 * process's (`hintproof_<pid>_<random>_…` while a `hintproof-admin <prefix>` connection of that process is
 * open outside this check's databases), within the ledger's scope. Readable from any database: pg_database
 * and pg_stat_activity are the cluster's.
 */
export async function readStrays(
  client: pg.ClientBase | MaintenanceClient,
  ledger: DatabaseLedger,
): Promise<StrayDatabase[]> {
  const { rows } = await (client as MaintenanceClient).query<StrayDatabase>(
    `select d.oid::int as oid, d.datname as name from pg_database d
      where d.oid <> all($1::oid[]) and d.oid <> all($2::oid[]) and d.datname <> all($3::text[])
        and case $4::text when 'cluster' then true
                    when 'owner' then d.datdba = (select oid from pg_roles where rolname = current_user)
                    else pg_has_role(current_user, d.datdba, 'MEMBER') end
        and not exists (
          select 1 from pg_stat_activity a
           where a.application_name = 'hintproof-admin ' || substring(d.datname from '^(hintproof_[0-9]+_[0-9a-f]+)_')
             and a.application_name <> 'hintproof-admin ' || $5::text and a.datid <> all($2::oid[]))
      order by d.oid`,
    [ledger.initialOids, [...ledger.own.keys()], [...ledger.names], ledger.scope, ledger.prefix],
  );
  // hintproof names a database before it asks for it: one made while this query was on its way is known now.
  return rows.filter((row) => !ledger.own.has(row.oid) && !ledger.names.has(row.name));
}

/**
 * Finds the server's databases and drops each that hintproof may: on its own cluster always (ending its
 * sessions); through a role that is not a superuser when no session still uses it; never through a
 * superuser, which cannot tell them from another client's. Each is recorded once, with why it was left.
 */
export async function sweepStrays(
  admin: MaintenanceClient,
  ledger: DatabaseLedger,
  user: string,
): Promise<void> {
  for (const stray of await readStrays(admin, ledger)) {
    const known = ledger.created.get(stray.oid);
    if (known !== undefined && known.note !== undefined && ledger.scope === 'owner') continue;
    ledger.created.set(stray.oid, await dropStray(admin, ledger.scope, stray.name, user));
  }
}

async function dropStray(
  admin: MaintenanceClient,
  scope: StrayScope,
  name: string,
  user: string,
): Promise<CreatedDatabase> {
  if (scope === 'owner') {
    return {
      name,
      dropped: false,
      note:
        `not dropped: the --pg-url role "${user}" is a superuser, whose databases hintproof cannot tell from ` +
        "another client's; drop it yourself if it is the server's, and check untrusted servers with a role " +
        'that is not a superuser',
    };
  }
  try {
    await admin.query(
      `drop database if exists ${quoteIdentifier(name)}${scope === 'cluster' ? ' with (force)' : ''}`,
    );
    return { name, dropped: true };
  } catch (error) {
    return {
      name,
      dropped: false,
      note: `not dropped: ${error instanceof Error ? error.message.split('\n', 1)[0] : String(error)}`,
    };
  }
}

/**
 * hintproof's own databases that are gone or renamed though hintproof did not drop them (its template, a
 * pristine copy, another run's database): what a server may do through its role. Empty when none.
 */
export async function readOwnLosses(
  client: pg.ClientBase | MaintenanceClient,
  ledger: DatabaseLedger,
): Promise<string[]> {
  const kept = [...ledger.own].filter(([oid]) => !ledger.released.has(oid));
  if (kept.length === 0) return [];
  const { rows } = await (client as MaintenanceClient).query<{ oid: number; name: string }>(
    'select oid::int as oid, datname as name from pg_database where oid = any($1::oid[])',
    [kept.map(([oid]) => oid)],
  );
  const now = new Map(rows.map((row) => [row.oid, row.name]));
  return kept
    .filter(([oid, name]) => now.get(oid) !== name && !ledger.released.has(oid))
    .map(([oid, name]) => (now.has(oid) ? `${name} (renamed to ${now.get(oid)})` : name));
}

/** The server's databases found during the check, in the order they were found. */
export function createdDatabases(ledger: DatabaseLedger): CreatedDatabase[] {
  return [...ledger.created.values()];
}

export function quoteIdentifier(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
