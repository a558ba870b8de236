import { lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkHostile, egressOf, ISOLATIONS, scratch } from './hostile.js';

/**
 * Issue 11 row 10: a closed-world tool that connects to a new unix socket path 20,000 times in a tight loop
 * (each attempt traced; the egress log grew ~15 MB/s before). From outside, for each isolation
 * mechanism: hintproof's temp root (TMPDIR) never holds more than 1 MiB while it runs, the tool's
 * `openWorldHint: false` is contradicted, and its evidence lists 100 attempts and counts the other 19,900.
 */
const work = scratch('row10');

/** Bytes on disk below `directory` now (entries vanishing while it is read are skipped). */
function diskUsage(directory: string): number {
  let bytes = 0;
  let names: string[] = [];
  try {
    names = readdirSync(directory, { recursive: true, encoding: 'utf8' });
  } catch {
    return 0;
  }
  for (const name of names) {
    try {
      bytes += lstatSync(join(directory, name)).blocks * 512;
    } catch {
      // Removed meanwhile.
    }
  }
  return bytes;
}

describe.each(ISOLATIONS)('row 10: an egress flood costs no disk ($label)', (isolation) => {
  it('20,000 unix connects: the temp root stays under 1 MiB, the flood is counted', async () => {
    const cwd = work();
    const temp = join(cwd, 'temp');
    mkdirSync(temp);
    let largest = 0;
    const sampler = setInterval(() => (largest = Math.max(largest, diskUsage(temp))), 100);
    const result = await checkHostile('row10-flood.js', {
      isolation,
      cwd,
      runs: 1,
      seed: 10,
      cliEnv: { TMPDIR: temp },
      options: ['--timeout', '30', '--max-observers', '0'],
      json: true,
    }).finally(() => clearInterval(sampler));
    expect(result.stderr).not.toContain('internal error');
    expect(result.code).toBe(1);
    // Measured: the run directories were there (TMPDIR is where hintproof keeps them).
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThan(1024 ** 2);
    const egress = egressOf(result.report!, 'ping_peers') as unknown[];
    expect(egress).toHaveLength(101);
    expect(egress[0]).toEqual({ kind: 'unix', destination: '/run/peers/peer-0.sock', result: 'ENOENT' });
    expect(egress[100]).toEqual({ kind: 'flood', destination: '19900 more attempts', result: 'not listed' });
    expect(result.stdout).toContain('egress flooded: 19900 more attempts not listed');
  });
});
