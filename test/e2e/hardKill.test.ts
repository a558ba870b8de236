import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { bin, fixtures } from './runCli.js';

/** Pids of the processes whose command line holds `token` (hintproof's server, strace, bubblewrap, unshare). */
function holding(token: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(token);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until(test: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (test()) return true;
  return test();
}

/**
 * A hintproof killed outright (SIGKILL: an out-of-memory kill, a CI job's time-out) runs no exit handler.
 * The server under test (one that runs on once its client is gone and ignores SIGTERM), traced by strace
 * inside its sandbox or not, must die with it.
 */
describe('a hintproof killed with SIGKILL', () => {
  it.each([
    ['sandboxed and traced', []],
    ['with --no-isolation', ['--no-isolation']],
  ] as const)('leaves no server running (%s)', { timeout: 60_000 }, async (_, extra) => {
    const token = `hintproof-hard-kill-${process.pid}-${extra.length}`;
    const cli = spawn(
      process.execPath,
      [bin, 'check', '--runs', '200', ...extra, '--', 'node', join(fixtures, 'outlives-client.js'), token],
      { env: { ...process.env, HINTPROOF_SKIP_BUILD: '1' }, stdio: 'ignore' },
    );
    const server = () => holding(token).filter((pid) => pid !== cli.pid);
    expect(await until(() => server().length > 0, 30_000), 'the server never started').toBe(true);
    // Past start-up: the check is under way, its sessions' servers running.
    await sleep(1500);
    expect(server().length).toBeGreaterThan(0);
    cli.kill('SIGKILL');
    const gone = await until(() => server().length === 0, 5_000);
    const left = server();
    for (const pid of left) process.kill(pid, 'SIGKILL');
    expect(gone, `still running: ${left.join(', ')}`).toBe(true);
  });
});
