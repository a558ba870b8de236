import { randomBytes } from 'node:crypto';
import { quoteIdentifier } from './databaseLedger.js';
import type { MaintenanceClient } from './maintenanceClient.js';
import { newPgClient } from './pgClient.js';
import type { PgServer } from './pgServer.js';

/** The role a server connects as: the owner of its run's database and of the seed's objects. */
export interface OwnerRole {
  readonly name: string;
  readonly password: string;
  /**
   * The NOLOGIN role the capture trigger runs as (SECURITY DEFINER): the only one that may write the change
   * log, so the server cannot append rows that cancel its own writes. No superuser, no other grant.
   */
  readonly capture: string;
}

/** The roles makeOwnerRole makes for `prefix`: register their cleanup before making them. */
export function ownerRoleNames(prefix: string): { readonly name: string; readonly capture: string } {
  return { name: `${prefix}_owner`, capture: `${prefix}_capture` };
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
  const role: OwnerRole = { ...ownerRoleNames(prefix), password: randomBytes(18).toString('hex') };
  const quoted = quoteIdentifier(role.name);
  const capture = quoteIdentifier(role.capture);
  const plain = 'nosuperuser nocreatedb nocreaterole noreplication nobypassrls';
  try {
    await admin.query(`create role ${quoted} login password '${role.password}' ${plain}`);
    await admin.query(`create role ${capture} nologin ${plain}`);
    if (self.superuser !== true) await admin.query(`grant ${quoted}, ${capture} to current_user`);
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
  for (const name of [role.name, role.capture]) {
    const quoted = quoteIdentifier(name);
    await admin.query(`drop owned by ${quoted}`).catch(() => {});
    await admin.query(`drop role if exists ${quoted}`).catch(() => {});
  }
}

/**
 * Who may do what to hintproof's change log (run in the template, as hintproof's role, after the seed and
 * change capture). The server's role may read it (hintproof's snapshots connect as that role) and nothing
 * else: it cannot append rows that cancel its writes. The capture functions become SECURITY DEFINER of the
 * capture role, which may append to the log and nothing more (no superuser: a server's own cast to json,
 * which to_jsonb calls, runs with no more than that). Their search path is pinned (see installCapture).
 * Changing a function's owner needs CREATE on its schema for the new owner, granted for that moment.
 */
export function ownerGrants(schema: string, role: OwnerRole): string {
  const owner = quoteIdentifier(role.name);
  const capture = quoteIdentifier(role.capture);
  const definers = ['capture()', 'note_type()'].map((name) => `${schema}.${name}`);
  return [
    `grant usage on schema ${schema} to ${owner}, ${capture}`,
    `grant select on ${schema}.log to ${owner}`,
    `grant insert on ${schema}.log to ${capture}`,
    `grant usage on sequence ${schema}.log_id_seq to ${capture}`,
    `grant create on schema ${schema} to ${capture}`,
    ...definers.map((fn) => `alter function ${fn} owner to ${capture}`),
    `revoke create on schema ${schema} from ${capture}`,
    ...definers.map((fn) => `alter function ${fn} security definer`),
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
