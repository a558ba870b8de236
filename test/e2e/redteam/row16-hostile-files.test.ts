import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sqliteValid, sqliteWalBomb } from '../../fixtures/hostile/row16-files.js';
import { checkHostile, ISOLATIONS, scratch } from './hostile.js';

/**
 * Issue 38 row 16: a server that writes SQLite files hintproof cannot read by meaning (a page that is no
 * b-tree page, a cell claiming 2^40 bytes, a 12 KiB bomb of looping overflow chains, a cyclic b-tree, a -wal
 * whose frames are the bomb). From outside: no internal error, the exit code of a verdict (1: the writing
 * tools' readOnlyHint is contradicted, by the files' bytes), each file's change saying it was not understood,
 * on each isolation mechanism; the bomb once took 6 GB and a minute.
 */
const work = scratch('row16');
const TOOLS = {
  write_corrupt: 'corrupt.db',
  write_huge: 'huge.db',
  write_bomb: 'bomb.db',
  write_cyclic: 'cyclic.db',
  write_wal_bomb: 'wal.db-wal',
};

describe.each(ISOLATIONS)('row 16: hostile SQLite files are compared as bytes ($label)', (isolation) => {
  it('every writing tool is contradicted by its file, noted as not understood, never an internal error', async () => {
    const cwd = work();
    const seed = join(cwd, 'seed');
    mkdirSync(seed);
    for (const name of ['corrupt.db', 'huge.db', 'bomb.db', 'cyclic.db'])
      writeFileSync(join(seed, name), sqliteValid());
    writeFileSync(join(seed, 'wal.db'), sqliteWalBomb().main);
    const started = performance.now();
    const result = await checkHostile('row16-files-server.js', {
      isolation,
      cwd,
      runs: 2,
      seed: 16,
      json: true,
      options: ['--fs', seed],
    });
    expect(result.stderr).not.toContain('internal error');
    expect(result.code, result.stderr).toBe(1);
    expect(performance.now() - started).toBeLessThan(180_000);
    const tools = result.report?.tools ?? [];
    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(TOOLS).sort());
    for (const [tool, file] of Object.entries(TOOLS)) {
      const verdict = tools.find((each) => each.name === tool)?.verdicts.readOnlyHint;
      expect(verdict?.status, tool).toBe('contradicted');
      const changes = verdict?.status === 'contradicted' ? verdict.evidence.changes : [];
      expect(
        changes.map((change) => `${change.kind} ${change.environment}:${change.entity} (${change.detail})`),
        tool,
      ).toEqual([
        expect.stringMatching(
          new RegExp(
            `^(?:modify|add) fs:${file.replace('.', '\\.')} \\(.*; not understood as SQLite: .+; compared as bytes\\)$`,
          ),
        ),
      ]);
    }
    // The note reaches the text report too.
    expect(result.stdout).toMatch(/not understood as SQLite/);
  });
});
