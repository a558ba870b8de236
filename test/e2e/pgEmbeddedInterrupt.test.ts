import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkArguments, loadScenarios } from '../../scenarios/scenarios.js';
import { bin } from './runCli.js';

const scenario = loadScenarios().find((s) => s.name === 'shared-room')!;

/** The processes below `parent`, children first. */
function descendantsOf(parent: number): number[] {
  const found: number[] = [];
  for (let queue = [parent]; queue.length > 0;) {
    let children: string;
    try {
      children = execFileSync('pgrep', ['-P', String(queue.shift())], { encoding: 'utf8' });
    } catch {
      continue;
    }
    const pids = children.split('\n').filter(Boolean).map(Number);
    found.push(...pids);
    queue.push(...pids);
  }
  return found;
}

/**
 * The embedded postmaster started by `parent` (a descendant: it runs in a sandbox of its own), and its data
 * directory; undefined until it runs.
 */
function postmasterOf(parent: number): { pid: number; data: string } | undefined {
  for (const pid of descendantsOf(parent)) {
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // a short-lived child (initdb, a copy) that exited between pgrep and here
    }
    // A postgres without -D (a backend's title) is not the postmaster.
    const data = argv.includes('-D') ? argv[argv.indexOf('-D') + 1] : undefined;
    if (argv[0]?.endsWith('/postgres') && data) return { pid, data };
  }
  return undefined;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the embedded provider, interrupted', () => {
  it('stops its cluster and removes its directory when hintproof gets SIGINT midway', async () => {
    // A few runs per tool: the first tool's line must come soon even on a busy machine.
    const [command, ...rest] = checkArguments(scenario);
    const child = spawn(process.execPath, [bin, command!, '--runs', '5', ...rest], {
      cwd: scenario.directory,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.resume();
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    let cluster: { pid: number; data: string } | undefined;
    const deadline = Date.now() + 150_000;
    // Midway: the cluster runs and the first tool has been checked.
    while (!(cluster ??= postmasterOf(child.pid!)) || !/list_tasks/.test(stdout)) {
      if (Date.now() > deadline) throw new Error(`no cluster or no progress within 150 s:\n${stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(existsSync(cluster.data)).toBe(true);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    for (let tries = 0; alive(cluster.pid) && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(alive(cluster.pid)).toBe(false);
    expect(existsSync(dirname(cluster.data))).toBe(false);
    // The sandbox's staging root beside it (unshare) is gone too.
    expect(existsSync(`${dirname(cluster.data)}.root`)).toBe(false);
  }, 300_000);
});
