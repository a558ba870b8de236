import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i386Connect } from '../../fixtures/hostile/i386Connect.js';
import { checkHostile, egressOf, ISOLATIONS, scratch } from './hostile.js';

/**
 * Issue 11 row 5, by another door: closed-world tools that connect through the 32-bit system call interface
 * (a static i386 program: the `connect` call, or `socketcall`), which a trace of 64-bit calls alone would
 * miss. From outside, for each isolation mechanism: a host listener on 127.0.0.1 gets no connection, and
 * where this kernel runs i386 programs (checked on the host first) both tools' `openWorldHint: false` is
 * contradicted with the destination; where it does not, the tools fail and nothing is claimed. The sandbox's
 * seccomp filter gives i386 code no socket (`socket` and socketcall's SYS_SOCKET fail with EAFNOSUPPORT), so the
 * program's `connect` names the destination on no socket: still an attempt, still listed.
 */
const work = scratch('row05-i386');

/** Whether this kernel runs i386 programs: the same program, run on the host against a closed port. */
const i386Runs = (() => {
  const program = join(work(), 'probe');
  writeFileSync(program, i386Connect(9, 'direct'), { mode: 0o755 });
  try {
    execFileSync(program, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.each(ISOLATIONS)('row 5: 32-bit system calls are traced too ($label)', (isolation) => {
  it(`connect and socketcall from an i386 program (${i386Runs ? 'runs here' : 'no i386 here'})`, async () => {
    let connections = 0;
    const tcp = createServer((socket) => ((connections += 1), socket.destroy()));
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    const port = (tcp.address() as AddressInfo).port;
    try {
      const result = await checkHostile('row05-i386.js', {
        isolation,
        cwd: work(),
        runs: 1,
        seed: 5,
        serverEnv: { ROW05_TCP: String(port) },
        json: true,
      });
      expect(result.stderr).not.toContain('internal error');
      expect(connections).toBe(0);
      for (const tool of ['connect_i386', 'socketcall_i386']) {
        if (i386Runs) {
          expect(egressOf(result.report!, tool)).toContainEqual(
            expect.objectContaining({ kind: 'connect', destination: `127.0.0.1:${port}` }),
          );
        } else {
          expect(result.report!.tools.find((each) => each.name === tool)?.sampleError).toMatch(/did not run/);
        }
      }
      expect(result.code).toBe(i386Runs ? 1 : 0);
    } finally {
      tcp.close();
    }
  });
});
