import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PACKAGE } from '../fixtures/packages/localRegistry.js';
import { bin, runCli, statuses } from './runCli.js';

const SECRET = 'sk-live-4f9a0c1e77b2';
let work: string;
let configFile: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'hintproof-client-config-'));
  chmodSync(work, 0o755);
  mkdirSync(join(work, 'notes'));
  writeFileSync(join(work, 'notes', 'todo'), 'buy milk');
  // A real user's folder: --into-sandbox must keep the server away from it.
  mkdirSync(join(work, 'my-notes'));
  configFile = join(work, 'claude_desktop_config.json');
  writeFileSync(
    configFile,
    JSON.stringify(
      {
        mcpServers: {
          notes: {
            command: 'node',
            args: [join(FIXTURE_PACKAGE, 'server.js'), join(work, 'my-notes')],
            env: { NOTES_TOKEN: SECRET, NOTES_REQUIRE_TOKEN: '1' },
          },
          memory: {
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-memory'],
            env: { MEMORY_FILE_PATH: join(work, 'memory.jsonl') },
          },
        },
      },
      null,
      2,
    ),
  );
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('hintproof check --client-config', () => {
  it('with several servers and no --server, lists them and says how to choose', async () => {
    const result = await runCli(['check', '--client-config', configFile], { cwd: work });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('has 2 servers; choose one with --server <name>:');
    expect(result.stderr).toMatch(/ {2}notes {2}node .*server\.js/);
    expect(result.stderr).toMatch(/ {2}memory {2}npx -y @modelcontextprotocol\/server-memory/);
    expect(result.stderr).not.toContain(SECRET);
  });

  it('checks the chosen server in the sandbox with its env, and never prints or saves the secret', async () => {
    const result = await runCli(
      [
        'check',
        '--client-config',
        configFile,
        '--server',
        'notes',
        '--into-sandbox',
        '--fs',
        'notes',
        '--seed',
        '5',
      ],
      { cwd: work, json: true },
    );
    expect(result.code, result.stderr).toBe(1);
    // The server refuses to start without NOTES_TOKEN: it got the config's env.
    expect(statuses(result.report!).save_note?.destructiveHint).toBe('contradicted');
    expect(result.report!.command).toEqual(['node', join(FIXTURE_PACKAGE, 'server.js'), '{fs}']);
    expect(result.stderr).toContain(`--into-sandbox: args[1] ${join(work, 'my-notes')} → {fs}`);
    expect(readdirSync(join(work, 'my-notes'))).toEqual([]);
    const replay = result.stdout.match(/Reproduce with: (.*)/)?.[1];
    expect(replay).toBe(
      `hintproof check --client-config ${configFile} --server notes --into-sandbox --fs ${join(work, 'notes')} ` +
        `--tool save_note --seed ${replay?.match(/--seed (\S+)/)?.[1]} --path ${replay?.match(/--path (\S+)/)?.[1]}` +
        (replay?.includes('--producers') ? ` --producers ${replay.match(/--producers (\S+)/)?.[1]}` : ''),
    );
    const saved = readdirSync(join(work, '.hintproof/failures')).map((file) =>
      readFileSync(join(work, '.hintproof/failures', file), 'utf8'),
    );
    for (const text of [result.stdout, result.stderr, JSON.stringify(result.report), ...saved]) {
      expect(text).not.toContain(SECRET);
    }
  });

  it('the replay line reproduces a config-fixed counterexample from another directory', async () => {
    const project = join(work, 'project');
    mkdirSync(join(project, 'seed'), { recursive: true });
    writeFileSync(join(project, 'seed', 'todo'), 'buy milk');
    writeFileSync(
      join(project, 'hintproof.config.json'),
      JSON.stringify({
        server: { command: 'node', args: [join(FIXTURE_PACKAGE, 'server.js'), '{fs}'] },
        environments: { fs: 'seed' },
        tools: { save_note: { args: { name: 'todo' } } },
      }),
    );
    const first = await runCli(['check', '--tool', 'save_note', '--seed', '9', '--runs', '10'], {
      cwd: project,
    });
    expect(first.code, first.stderr).toBe(1);
    const line = first.stdout.match(/Reproduce with: (.*)/)?.[1] ?? '';
    expect(line).toContain(`--config ${join(project, 'hintproof.config.json')}`);
    // Run the printed line as a user would paste it, from a directory that holds nothing of the project.
    const elsewhere = mkdtempSync(join(tmpdir(), 'hintproof-elsewhere-'));
    const shim = join(elsewhere, 'bin');
    mkdirSync(shim);
    writeFileSync(join(shim, 'hintproof'), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`, {
      mode: 0o755,
    });
    try {
      const again = spawnSync(
        'sh',
        ['-c', line.replace(/^hintproof check /, 'hintproof check --json report.json ')],
        {
          cwd: elsewhere,
          encoding: 'utf8',
          env: { ...process.env, PATH: `${shim}:${process.env.PATH ?? ''}`, NO_COLOR: '1' },
        },
      );
      expect(again.status, again.stderr).toBe(1);
      const report = JSON.parse(readFileSync(join(elsewhere, 'report.json'), 'utf8')) as {
        tools: { verdicts: { destructiveHint: { status: string; evidence?: { args: unknown } } } }[];
      };
      expect(report.tools[0]?.verdicts.destructiveHint.status).toBe('contradicted');
      expect(report.tools[0]?.verdicts.destructiveHint.evidence?.args).toMatchObject({ name: 'todo' });
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
