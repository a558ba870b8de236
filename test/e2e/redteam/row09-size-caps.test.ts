import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bin } from '../runCli.js';
import { hostile, ISOLATIONS } from './hostile.js';
import type { Isolation } from './hostile.js';

/**
 * Issue 11 row 9: a tools/list of one 50 MB page, or of 100 pages of 7 MB (700 MB). From outside: a set-up
 * error naming the cap, exit 2, never "internal error", and hintproof's own peak memory (VmHWM, sampled from
 * /proc while it runs) stays far below what holding the answer would take (it reached 2.9 GB before).
 */
const server = hostile('row09-huge.js');

/** Runs the CLI, sampling its peak resident memory; fails the test past `timeoutMs`. */
async function checkWithPeak(mode: string, { env, args }: Isolation) {
  const child = spawn(process.execPath, [bin, 'check', '--runs', '1', ...args, '--', 'node', server, mode], {
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  let peakKb = 0;
  const sample = setInterval(() => {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      peakKb = Math.max(peakKb, Number(hwm?.[1] ?? 0));
    } catch {
      // exited
    }
  }, 50);
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(sample);
  clearTimeout(timer);
  return { code, stderr, peakMb: peakKb / 1024 };
}

describe.each(ISOLATIONS)('row 9: tools/list is capped in size ($label)', (isolation) => {
  it('one 50 MB page: the cap on one message is named, memory stays bounded', async () => {
    const result = await checkWithPeak('single', isolation);
    expect(result.stderr).toMatch(
      /^hintproof: tools\/list failed \(page 1; 0 tools received before it\): the server sent a message over the 8 MiB cap on any one message; hintproof stopped reading it\./,
    );
    expect(result.code).toBe(2);
    expect(result.peakMb).toBeGreaterThan(0);
    expect(result.peakMb).toBeLessThan(400);
  });

  it('700 MB over 100 pages: stops at the 16 MiB cap on a whole tools/list, memory stays bounded', async () => {
    const result = await checkWithPeak('pages', isolation);
    expect(result.stderr).toMatch(
      /^hintproof: tools\/list: the server sent [\d.]+ MiB over 3 page\(s\), past hintproof's 16 MiB cap on a whole tools\/list \(2 tools before the last page\)\./,
    );
    expect(result.stderr).not.toContain('internal error');
    expect(result.code).toBe(2);
    expect(result.peakMb).toBeLessThan(400);
  });
});
