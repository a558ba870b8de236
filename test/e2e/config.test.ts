import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './runCli.js';

// Inside the repository, so that `import { defineConfig } from 'hintproof'` resolves as in a user's project.
const work = mkdtempSync(join(repoRoot, 'test', '.tmp-config-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const notes = join(repoRoot, 'scenarios/notes');

const config = (extra = '') => `import { defineConfig } from 'hintproof';

export default defineConfig({
  server: { command: 'node', args: ['${notes}/server.js', '{fs}'] },
  environments: { fs: '${notes}/seed' },
  runs: 2,
  seed: 4,
  tools: { search_notes: { runs: 3, args: { query: 'milk' } } },${extra}
});
`;

describe('config file', () => {
  it('hintproof check runs the server, environments and per-tool settings of hintproof.config.ts', async () => {
    writeFileSync(join(work, 'hintproof.config.ts'), config());
    const result = await runCli(['check', '--tool', 'search_notes', '--tool', 'list_notes', '--verbose'], {
      cwd: work,
      json: true,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const tools = Object.fromEntries(result.report!.tools.map((tool) => [tool.name, tool.calls.total]));
    expect(tools).toEqual({ list_notes: 4, search_notes: 6 });
    expect(result.report!.settings.seed).toBe(4);
    // Every search used the fixed argument.
    expect(result.stdout.match(/search_notes \{"query":"milk"\}/g)).toHaveLength(3);
  });

  it('command-line flags override the config', async () => {
    const result = await runCli(['check', '--tool', 'list_notes', '--runs', '1', '--seed', '9'], {
      cwd: work,
      json: true,
    });
    expect(result.code).toBe(0);
    expect(result.report!.tools[0]!.calls.total).toBe(2);
    expect(result.report!.settings.seed).toBe(9);
  });

  it('a typo in the config is a set-up error naming the setting', async () => {
    writeFileSync(join(work, 'hintproof.config.ts'), config('\n  ignores: [],'));
    const result = await runCli(['check'], { cwd: work });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/is not valid:\n {2}config must NOT have additional properties: "ignores"/);
  });

  it('init writes a starter that loads, and never overwrites', async () => {
    rmSync(join(work, 'hintproof.config.ts'));
    const first = await runCli(['init'], { cwd: work });
    expect(first.code).toBe(0);
    const starter = readFileSync(join(work, 'hintproof.config.ts'), 'utf8');
    expect(starter).toMatch(/export default defineConfig\(\{/);
    const again = await runCli(['init'], { cwd: work });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exists; nothing was written/);
    expect(readFileSync(join(work, 'hintproof.config.ts'), 'utf8')).toBe(starter);
    // The starter is valid as written: check gets as far as starting its (absent) server.js.
    const check = await runCli(['check'], { cwd: work });
    expect(check.code).toBe(2);
    expect(check.stderr).toMatch(/Cannot find module .*server\.js/);
  });

  it('no command and no config says how to give one', async () => {
    const empty = mkdtempSync(join(work, 'empty-'));
    const result = await runCli(['check'], { cwd: empty });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/No server to check: give its command after "--"/);
  });
});
