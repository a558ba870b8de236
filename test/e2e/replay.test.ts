import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtures, repoRoot, runCli } from './runCli.js';

// Inside the repository so that the copied server resolves the SDK from node_modules.
const work = mkdtempSync(join(repoRoot, 'test', '.tmp-replay-'));
// Like a project directory: readable by the sandbox's unprivileged user.
chmodSync(work, 0o755);
mkdirSync(join(work, 'seed'));
writeFileSync(join(work, 'seed', 'notes.txt'), 'keep\n');
writeFileSync(join(work, 'seed', 'build.scratch'), 'temporary\n');
const original = readFileSync(join(fixtures, 'drifting.js'), 'utf8');
const writeServer = (deletes: boolean) =>
  writeFileSync(join(work, 'server.js'), original.replace("process.env.DRIFT === '1'", String(deletes)));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('saved failures and hintproof replay', () => {
  let id = '';

  it('check saves each contradiction and says how to replay it', async () => {
    writeServer(true);
    const result = await runCli(
      ['check', '--seed', '2', '--runs', '3', '--fs', 'seed', '--', 'node', 'server.js', '{fs}'],
      { cwd: work },
    );
    expect(result.code).toBe(1);
    const saved = readdirSync(join(work, '.hintproof', 'failures'));
    expect(saved).toHaveLength(1);
    id = saved[0]!.replace(/\.json$/, '');
    expect(id).toMatch(/^list_items-readOnly-[0-9a-f]{8}$/);
    expect(result.stdout).toContain(`hintproof replay ${id}`);
  });

  it('replay says STILL FAILING while the handler still writes (exit 1)', async () => {
    const result = await runCli(['replay', id], { cwd: work });
    expect(result.stdout).toMatch(/attempt 3\/3: still contradicted/);
    expect(result.stdout).toMatch(/STILL FAILING: contradicted in 3 of 3 replays/);
    expect(result.code).toBe(1);
  });

  it('replay says FIXED once the handler is fixed (exit 0), and accepts an id prefix', async () => {
    writeServer(false);
    const result = await runCli(['replay', id.slice(0, 'list_items-readOnly-'.length + 3)], { cwd: work });
    expect(result.stdout).toMatch(/FIXED: contradicted in 0 of 3 replays/);
    expect(result.code).toBe(0);
  });

  it('an unknown id lists the saved ones', async () => {
    const result = await runCli(['replay', 'nope'], { cwd: work });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`no saved failure "nope". Saved failures: ${id}`);
  });
});
