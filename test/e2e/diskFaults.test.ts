import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectIsolation } from '../../harness/process/isolation.js';
import { fixtures, runCli, statuses } from './runCli.js';

const work = mkdtempSync(join(tmpdir(), 'hintproof-disk-e2e-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.runIf(detectIsolation().kind !== 'none')('a server that fills the disk', () => {
  it('is stopped by the file-size and disk limits; the run completes and the honest tool keeps its verdict', async () => {
    const marker = `marker-${randomUUID()}`;
    const temp = mkdtempSync(join(work, 'tmp-'));
    chmodSync(temp, 0o755);
    const result = await runCli(
      [
        'check',
        '--seed',
        '3',
        '--runs',
        '1',
        // Preambles only from the honest tool: each filler fills its own fresh sandboxes, nothing more.
        '--producers',
        'look',
        '--',
        'node',
        join(fixtures, 'fills-disk.js'),
        marker,
      ],
      { json: true, timeoutMs: 240_000, env: { TMPDIR: temp, HINTPROOF_DISK_LIMIT_MB: '300' } },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = result.report!;
    expect(report.settings.isolation).not.toBe('none');
    const verdicts = statuses(report);
    const reason = (tool: string) =>
      JSON.stringify(report.tools.find((t) => t.name === tool)!.verdicts.readOnlyHint);
    expect(verdicts.look?.readOnlyHint).toBe('consistent');
    // One huge file: the file-size limit (256 MiB) ends each write; the second call may meet the disk limit.
    expect(verdicts.fill_one_file?.readOnlyHint).toBe('inconclusive');
    expect(reason('fill_one_file')).toMatch(/EFBIG|disk limit/);
    // Many small files: no single file is too large, so the sandbox's disk limit stops the server.
    expect(verdicts.fill_many_files?.readOnlyHint).toBe('inconclusive');
    expect(reason('fill_many_files')).toMatch(/over the 300 MiB disk limit, and was stopped/);
    // The fillers' honest hints are never contradicted.
    for (const tool of ['fill_one_file', 'fill_many_files']) {
      expect(Object.values(verdicts[tool] ?? {})).not.toContain('contradicted');
    }
    // Nothing is left behind: no server process, no sandbox, none of the files.
    const processes = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout;
    expect(processes).not.toContain(marker);
    expect(readdirSync(temp)).toEqual([]);
  });
});
