import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  constants,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import type { Server } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../runCli.js';
import { egressOf, hostile, ISOLATIONS, listTree, scratch } from './hostile.js';

/**
 * Issue 38 row 15: no host unix socket or FIFO is reachable through the filesystem the sandbox shows. The
 * directory hintproof is started from (private, mode 700: shown entry by entry) and a directory passed to
 * the server (mode 755: shown whole) each hold a mode-777 listening socket, a mode-666 FIFO in a
 * subdirectory and a root-only canary. The hostile server tries each directly, through `..`, through
 * /proc/self/cwd, through a link in its sandbox, and by swapping the directory of a socket it bound for a link
 * to the host directory. From outside, for each isolation mechanism: the listeners count no connection, the
 * FIFOs carry nothing either way, the canaries are untouched, every socket attempt contradicts
 * `openWorldHint: false`, and nothing is left behind.
 */
const work = scratch('row15');
const FROM_HOST = 'row15-from-the-host\n';

/** A host directory with a listening socket, a FIFO (held open by the test, with data in it) and a canary. */
async function hostDirectory(path: string, mode: number) {
  mkdirSync(path, { mode });
  chmodSync(path, mode);
  mkdirSync(join(path, 'sub'), { mode: 0o755 });
  const canary = join(path, 'canary.txt');
  writeFileSync(canary, 'canary\n', { mode: 0o600 });
  let connections = 0;
  const listener: Server = createServer((socket) => {
    connections += 1;
    socket.on('error', () => {});
    socket.end('pong');
  });
  await new Promise<void>((resolve) => listener.listen(join(path, 'host.sock'), resolve));
  chmodSync(join(path, 'host.sock'), 0o777);
  execFileSync('mkfifo', ['-m', '666', join(path, 'sub', 'host.fifo')]);
  // Read-write and non-blocking: a writer or reader on the other side never waits, and what is left is seen.
  const fifo = openSync(join(path, 'sub', 'host.fifo'), constants.O_RDWR | constants.O_NONBLOCK);
  writeSync(fifo, FROM_HOST);
  const canaryTime = statSync(canary).mtimeMs;
  return {
    connections: () => connections,
    /** What the FIFO holds now (drained). */
    fifoHolds(): string {
      const buffer = Buffer.alloc(4096);
      try {
        return buffer.subarray(0, readSync(fifo, buffer, 0, buffer.length, null)).toString();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return '';
        throw error;
      }
    },
    canaryUntouched: () =>
      readFileSync(canary, 'utf8') === 'canary\n' &&
      (statSync(canary).mode & 0o777) === 0o600 &&
      statSync(canary).mtimeMs === canaryTime,
    close() {
      closeSync(fifo);
      listener.close();
    },
  };
}

describe.each(ISOLATIONS)('row 15: no host socket or FIFO is reachable ($label)', (isolation) => {
  it('directly, through .., /proc/self/cwd, links and a swapped directory: nothing reached, egress', async () => {
    const root = work();
    const cwd = join(root, 'cwd');
    const passed = join(root, 'passed');
    const temp = join(root, 'tmp');
    mkdirSync(temp);
    const hosts = [await hostDirectory(cwd, 0o700), await hostDirectory(passed, 0o755)];
    try {
      const result = await runCli(
        [
          'check',
          // Containment is the subject, not observers: probing them would only double the run.
          ...['--runs', '1', '--seed', '15', '--max-observers', '0'],
          ...[
            '--env',
            `ROW15_CWD=${cwd}`,
            '--env',
            'ROW15_SOCKET=host.sock',
            '--env',
            'ROW15_FIFO=host.fifo',
          ],
          ...isolation.args,
          '--',
          'node',
          hostile('row15-host-view.js'),
          passed,
        ],
        { cwd, env: { ...isolation.env, TMPDIR: temp }, json: true, timeoutMs: 240_000 },
      );
      expect(result.stderr).not.toContain('internal error');
      expect(result.code, result.stderr).toBe(1);
      expect(hosts.map((host) => host.connections())).toEqual([0, 0]);
      expect(hosts.map((host) => host.fifoHolds())).toEqual([FROM_HOST, FROM_HOST]);
      expect(hosts.map((host) => host.canaryUntouched())).toEqual([true, true]);
      const report = result.report!;
      // The invocation directory holds none of the server's files: it is not shown at all.
      const look = report.tools.find((tool) => tool.name === 'look_cwd')!;
      expect(look.verdicts.readOnlyHint.status).not.toBe('contradicted');
      const unix = (tool: string) =>
        ((egressOf(report, tool) ?? []) as { kind: string; destination: string }[])
          .filter((attempt) => attempt.kind === 'unix')
          .map((attempt) => attempt.destination);
      for (const [tool, directory] of [
        ['socket_cwd', cwd],
        ['socket_passed', passed],
      ] as const) {
        expect(unix(tool), tool).toContain(join(directory, 'host.sock'));
      }
      // The passed directory is shown (its sockets covered), so a chdir into it works; the invocation
      // directory is not there to chdir into.
      expect(unix('socket_passed')).toContain('/proc/self/cwd/host.sock');
      // The path connected to after the swap is one the server had bound itself: it now meets the mask over
      // the host socket (EACCES), egress. The invocation directory is not shown: there it meets nothing.
      expect(unix('swap_passed')).toEqual([expect.stringMatching(/\/try-\d+-\d+\/host\.sock$/)]);
      const swapCwd = report.tools.find((tool) => tool.name === 'swap_cwd')!.verdicts.openWorldHint;
      expect(swapCwd.status).not.toBe('contradicted');
      // Nothing left in hintproof's temp root, nor in the host directories.
      expect(listTree(temp)).toEqual([]);
      for (const directory of [cwd, passed]) {
        // (hintproof keeps the failures it saved in the directory it is started from, in .hintproof.)
        expect(listTree(directory).filter((path) => !path.startsWith('.hintproof'))).toEqual([
          'canary.txt',
          'host.sock',
          'sub',
          'sub/host.fifo',
        ]);
      }
    } finally {
      for (const host of hosts) host.close();
    }
  });
});
