import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../../src/model/report.js';
import type { CliResult } from '../runCli.js';
import type { Isolation } from './hostile.js';
import { checkHostile, ISOLATIONS, scratch } from './hostile.js';

/**
 * Issue 38, inherited descriptors and address families. From outside, for each isolation mechanism: the test
 * opens canary files (mode 0600, the test's own: root's when run as root) for appending, reading and both, and
 * hintproof inherits them as fds 20, 33 and 40 without close-on-exec, as from a shell. A hostile server tries
 * every descriptor 3..255 and every path /proc/self/fd names: it finds none of them, nothing is written to or
 * read from the canaries, and their text is nowhere in the output. Without isolation the same server finds
 * and uses them all (the probe works). It also asks for AF_VSOCK, AF_ALG and AF_PACKET sockets: refused with
 * EAFNOSUPPORT, while unix, IPv4, IPv6 and netlink sockets still work.
 */
const work = scratch('row14-descriptors');

interface Canaries {
  readonly token: string;
  readonly paths: { readonly append: string; readonly read: string; readonly both: string };
  readonly texts: Record<string, string>;
}

function canaries(directory: string): Canaries {
  const token = randomUUID();
  const paths = {
    append: join(directory, 'canary-append'),
    read: join(directory, 'canary-read'),
    both: join(directory, 'canary-both'),
  };
  const texts: Record<string, string> = {};
  for (const [name, path] of Object.entries(paths)) {
    texts[path] = `${name} canary ${token}\n`;
    writeFileSync(path, texts[path], { mode: 0o600 });
  }
  return { token, paths, texts };
}

/**
 * Where hintproof inherits the canaries: past the fds node marks close-on-exec at start-up (libuv's
 * `uv_disable_stdio_inheritance`: 0 to 15 and on while they are open), where a shell's stay inheritable.
 */
const AT = { append: 20, read: 33, both: 40 } as const;

/** hintproof run with the canaries open as its fds `AT` (for appending, reading, both). */
async function runInheriting(isolation: Isolation, cwd: string, found: Canaries): Promise<CliResult> {
  const opened: Record<number, number> = {
    [AT.append]: openSync(found.paths.append, 'a'),
    [AT.read]: openSync(found.paths.read, 'r'),
    [AT.both]: openSync(found.paths.both, 'r+'),
  };
  try {
    const inherit = Array.from(
      { length: AT.both - 2 },
      (_, index) => opened[index + 3] ?? ('ignore' as const),
    );
    return await checkHostile('row14-descriptors.js', {
      isolation,
      cwd,
      runs: 1,
      seed: 14,
      json: true,
      inherit,
    });
  } finally {
    for (const fd of Object.values(opened)) closeSync(fd);
  }
}

const sampleError = (report: Report | undefined, tool: string): string =>
  report?.tools.find((each) => each.name === tool)?.sampleError ?? '';

describe.each(ISOLATIONS.filter((isolation) => isolation.args.length === 0))(
  'row 14: no inherited descriptor reaches the server ($label)',
  (isolation) => {
    it('the canaries hintproof inherited are neither written nor read, by fd or /proc/self/fd', async () => {
      const cwd = work();
      const found = canaries(cwd);
      const result = await runInheriting(isolation, cwd, found);
      expect(result.stderr).not.toContain('internal error');
      for (const [path, text] of Object.entries(found.texts)) expect(readFileSync(path, 'utf8')).toBe(text);
      const probed = sampleError(result.report, 'inherited_fds');
      expect(probed).toMatch(/^isError: probed fds 3-255: inherited none; wrote none; read none; /);
      // Not one path outside the sandbox is open: no canary, no egress trace FIFO.
      expect(probed).not.toMatch(/canary|\.egress/);
      for (const output of [result.stdout, result.stderr, JSON.stringify(result.report)]) {
        expect(output).not.toContain(found.token);
      }
    });

    it('sockets of families a server has no use for are refused (AF_VSOCK never connected)', async () => {
      const result = await checkHostile('row14-descriptors.js', {
        isolation,
        cwd: work(),
        runs: 1,
        seed: 14,
        json: true,
      });
      expect(result.stderr).not.toContain('internal error');
      const families = sampleError(result.report, 'families');
      for (const refused of ['vsock', 'vsock pair', 'alg', 'packet']) {
        expect(families).toContain(`${refused}: errno 97;`);
      }
      for (const allowed of ['unix', 'inet', 'inet6', 'netlink']) {
        expect(families).toContain(`; ${allowed}: created;`);
      }
      // os.networkInterfaces() asks netlink: the sandbox's loopback is there.
      expect(families).toMatch(/interfaces: .*\blo\b/);
    });
  },
);

describe('row 14: the probe finds inherited descriptors where nothing closes them (--no-isolation)', () => {
  it('writes to and reads from every canary', async () => {
    const cwd = work();
    const found = canaries(cwd);
    const result = await runInheriting(
      { label: 'not isolated', env: {}, args: ['--no-isolation'] },
      cwd,
      found,
    );
    expect(result.stderr).not.toContain('internal error');
    const probed = sampleError(result.report, 'inherited_fds');
    // Those of the test's own runner (another inherited pipe) may come along.
    expect(probed).toMatch(/^isError: probed fds 3-255: inherited 20, 33, 40\b.*; wrote 20, 40\b/);
    expect(probed).toContain(`33: read canary ${found.token}`);
    expect(readFileSync(found.paths.append, 'utf8')).toContain('written by the server through fd 20');
  });
});
