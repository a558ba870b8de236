import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bin, fixtures, repoRoot } from './runCli.js';

// Inside the repository so that the copied server resolves the SDK from node_modules.
const work = mkdtempSync(join(repoRoot, 'test', '.tmp-watch-'));
chmodSync(work, 0o755);
mkdirSync(join(work, 'seed'));
writeFileSync(join(work, 'seed', 'notes.txt'), 'keep\n');
writeFileSync(join(work, 'seed', 'build.scratch'), 'temporary\n');
const original = readFileSync(join(fixtures, 'drifting.js'), 'utf8');
const writeServer = (deletes: boolean) =>
  writeFileSync(join(work, 'server.js'), original.replace("process.env.DRIFT === '1'", String(deletes)));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('check --watch', () => {
  it('checks again when the server file changes, and shows the new verdicts', async () => {
    writeServer(true);
    const child = spawn(
      process.execPath,
      [
        bin,
        'check',
        '--watch',
        '--seed',
        '2',
        '--runs',
        '3',
        '--fs',
        'seed',
        '--',
        'node',
        'server.js',
        '{fs}',
      ],
      { cwd: work, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
    // Well within the test's own time-out, so that a watch that never gets there shows what it printed.
    const started = Date.now();
    const until = async (test: () => boolean, what: string) => {
      const deadline = started + 90_000;
      while (!test()) {
        if (Date.now() > deadline) throw new Error(`never saw ${what}\n${stdout}\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    try {
      await until(() => stderr.includes('for changes (Ctrl-C to stop)'), 'the first report and the watch');
      expect(stdout).toContain('Exit 1: at least one hint is contradicted.');
      writeServer(false);
      await until(() => stdout.includes('checking again'), 'the re-run');
      await until(() => stdout.split('checking again')[1]?.includes('Exit 0') === true, 'the second report');
      expect(stdout.split('checking again')[1]).toContain('No hint contradicted');
    } finally {
      child.kill('SIGINT');
      await closed;
    }
  });
});
