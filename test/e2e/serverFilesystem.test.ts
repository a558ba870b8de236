import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './runCli.js';

const seed = mkdtempSync(join(tmpdir(), 'hintproof-sfs-seed-'));
mkdirSync(join(seed, 'docs/drafts'), { recursive: true });
writeFileSync(join(seed, 'readme.md'), '# Project\n\nA small tree for server-filesystem.\n');
writeFileSync(join(seed, 'docs/guide.md'), 'line one\nline two\nline three\n');
writeFileSync(join(seed, 'docs/drafts/idea.txt'), 'an idea\n');
writeFileSync(join(seed, '.hidden'), 'dotfile\n');
symlinkSync('readme.md', join(seed, 'link-to-readme'));
afterAll(() => rmSync(seed, { recursive: true, force: true }));

const server = join(repoRoot, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');

describe('@modelcontextprotocol/server-filesystem (a real npm server with honest hints)', () => {
  it('completes, exercises every tool, and contradicts no hint', async () => {
    const result = await runCli(['check', '--seed', '11', '--fs', seed, '--', 'node', server, '{fs}'], {
      json: true,
      timeoutMs: 600_000,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = result.report!;
    expect(report.server.name).toBe('secure-filesystem-server');
    expect(report.tools.length).toBeGreaterThanOrEqual(13);
    for (const tool of report.tools) {
      // Exercised: every tool had calls, and at least one of them succeeded.
      expect(tool.calls.total, tool.name).toBeGreaterThan(0);
      expect(tool.calls.errors, tool.name).toBeLessThan(tool.calls.total);
      for (const [hint, verdict] of Object.entries(tool.verdicts)) {
        expect(verdict.status, `${tool.name}.${hint}`).not.toBe('contradicted');
      }
    }
    // A second identical write_file rewrites through a temp file and a rename: no change, so idempotency holds.
    const writeFile = report.tools.find((tool) => tool.name === 'write_file')!;
    expect(writeFile.verdicts.idempotentHint.status).toBe('consistent');
    expect(writeFile.verdicts.destructiveHint.status).toBe('consistent');
  });
});
