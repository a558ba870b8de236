import { randomBytes } from 'node:crypto';
import { quoteIdentifier } from './databaseLedger.js';
import type { MaintenanceClient } from './maintenanceClient.js';
import { newPgClient } from './pgClient.js';
import type { PgServer } from './pgServer.js';

/** The role a server connects as: the owner of its run's database and of the seed's objects. */
export interface OwnerRole {
  readonly name: string;
  readonly password: string;
}

/** The role made, or why the server connects as hintproof's own role instead. */
export type OwnerChoice =
  | { readonly role: OwnerRole; readonly reason?: undefined }
  | { readonly role?: undefined; readonly reason: string };

/**
 * Makes `<prefix>_owner`: a login role with none of a superuser's reach (NOSUPERUSER, NOCREATEDB,
 * NOCREATEROLE, NOREPLICATION, NOBYPASSRLS, no predefined role), with a random password. hintproof's role
 * becomes a member of it when it is no superuser itself (to make databases it owns and seed as it). A
 * `--pg-url` role without CREATEROLE (and no superuser) cannot make one: the reason is returned, and the server
 * connects as that role, which has no more reach than the owner would. When hintproof's role could make one
 * but it fails or cannot log in (pg_hba.conf), this throws rather than hand the server a role that may create
 * roles; nothing is left behind.
 */
export async function makeOwnerRole(
  admin: MaintenanceClient,
  prefix: string,
  server: PgServer,
): Promise<OwnerChoice> {
  const { rows } = await admin.query<{ superuser: boolean; createrole: boolean }>(
    'select rolsuper as superuser, rolcreaterole as createrole from pg_roles where rolname = current_user',
  );
  const self = rows[0];
  const user = server.admin.user;
  if (self?.superuser !== true && self?.createrole !== true) {
    return { reason: `the ${server.provider} role "${user}" may not create roles (it has no CREATEROLE)` };
  }
  const role: OwnerRole = { name: `${prefix}_owner`, password: randomBytes(18).toString('hex') };
  const quoted = quoteIdentifier(role.name);
  try {
    await admin.query(
      `create role ${quoted} login password '${role.password}' nosuperuser nocreatedb nocreaterole ` +
        'noreplication nobypassrls',
    );
    if (self.superuser !== true) await admin.query(`grant ${quoted} to current_user`);
  } catch (error) {
    await dropOwnerRole(admin, role);
    throw refusal(user, `could not make the role ${role.name} for it: ${firstLine(error)}`, error);
  }
  if (server.owned) return { role };
  // Another server's pg_hba.conf may refuse the new role (peer or a user list): then the server could not connect.
  const probe = newPgClient({ ...server.admin, user: role.name, password: role.password });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return { role };
  } catch (error) {
    await dropOwnerRole(admin, role);
    throw refusal(
      user,
      `made the role ${role.name} for it, which could not log in: ${firstLine(error)}`,
      error,
    );
  } finally {
    await probe.end().catch(() => {});
  }
}

/**
 * Drops the role; its databases must be gone first. What it made in the maintenance database (a server that
 * is not isolated may connect there) goes with it. Best effort.
 */
export async function dropOwnerRole(admin: MaintenanceClient, role: OwnerRole): Promise<void> {
  const quoted = quoteIdentifier(role.name);
  await admin.query(`drop owned by ${quoted}`).catch(() => {});
  await admin.query(`drop role if exists ${quoted}`).catch(() => {});
}

/**
 * What the server may do in its run's database (run in the template, as hintproof's role, after the seed
 * and change capture): append to hintproof's change log (the capture triggers run as the writer) and read
 * it (hintproof's snapshots connect as this role too). Nothing else of `_hintproof` is its own.
 */
export function ownerGrants(schema: string, role: OwnerRole): string {
  const quoted = quoteIdentifier(role.name);
  return [
    `grant usage on schema ${schema} to ${quoted}`,
    `grant select, insert on ${schema}.log to ${quoted}`,
    `grant usage, select on sequence ${schema}.log_id_seq to ${quoted}`,
  ].join('; ');
}

function refusal(user: string, what: string, cause: unknown): Error {
  return new Error(
    `pg: the server was to connect as a role of its own, not as "${user}" (which may create roles), but ` +
      `hintproof ${what}. Allow that role to log in (pg_hba.conf), or pass --pg-superuser to let the server ` +
      `connect as "${user}" itself.`,
    { cause },
  );
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n', 1)[0] ?? '';
}
