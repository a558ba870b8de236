import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Change } from '../../../../harness/environments/change.js';
import {
  wideJson,
  deepJson,
  gitIndexBomb,
  gitZlibBomb,
  sqliteBomb,
  sqliteCorruptPage,
  sqliteCyclicTree,
  sqliteHugeCell,
  sqliteValid,
  sqliteWalBomb,
} from '../../../fixtures/hostile/row16-files.js';
import { useSandboxes, writeTree } from './sandboxFixture.js';

const { sandbox, tempDir } = useSandboxes();

/** Bounds no honest parse comes near and every bomb went far past before (6 GB, 63 s): loose, so load-proof. */
const MAX_MS = 10_000;
const MAX_GROWTH_MB = 500;

/** What `act` did to the process's peak memory (its high-water mark), and how long it took. */
async function measured<T>(act: () => Promise<T>): Promise<{ value: T; ms: number; growthMb: number }> {
  const peak = process.resourceUsage().maxRSS;
  const start = performance.now();
  const value = await act();
  return {
    value,
    ms: performance.now() - start,
    growthMb: (process.resourceUsage().maxRSS - peak) / 1024,
  };
}

/**
 * The seed `tree`, then `files` written over it (path → bytes), snapshotted and diffed as a run does; the
 * changes, with the time and memory the snapshot, the diff and the harvest took.
 */
async function changesAfter(
  tree: Record<string, Uint8Array | string>,
  files: Record<string, Uint8Array | string>,
) {
  const seed = await tempDir();
  for (const [path, content] of Object.entries(tree)) {
    await writeTree(seed, { [path]: '' });
    await writeFile(join(seed, path), content);
  }
  const instance = await sandbox(seed);
  const before = await instance.snapshot();
  return measured(async () => {
    for (const [path, content] of Object.entries(files)) await writeFile(join(instance.root, path), content);
    const after = await instance.snapshot();
    instance.harvest(after);
    return instance.diff(before, after);
  });
}

const lines = (changes: readonly Change[]) =>
  changes.map((change) => `${change.kind} ${change.environment}:${change.entity} (${change.detail})`);

describe('files a server writes that hintproof cannot read by meaning: compared as bytes, with a note', () => {
  it.each([
    ['a page that is no b-tree page', () => sqliteCorruptPage(), /page 2 is not a b-tree page/],
    ['a cell claiming 2^40 bytes', () => sqliteHugeCell(), /a cell's payload \(1099511627776 bytes\)/],
    ['a 12 KiB bomb of looping overflow chains', () => sqliteBomb(), /MiB of decoded data/],
    ['a b-tree whose pages are their own children', () => sqliteCyclicTree(), /reaches page 2 twice/],
  ])('SQLite: %s', async (_name, hostile, reason) => {
    const { value, ms, growthMb } = await changesAfter(
      { 'data.db': sqliteValid() },
      { 'data.db': hostile() },
    );
    expect(lines(value)).toEqual([
      expect.stringMatching(
        /^modify fs:data\.db \(\d+ (?:→ \d+ )?bytes, content changed; not understood as SQLite: .+; compared as bytes\)$/,
      ),
    ]);
    expect(value[0]?.detail).toMatch(reason);
    expect(ms).toBeLessThan(MAX_MS);
    expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
  });

  it('SQLite: a -wal whose committed frames are the bomb, declaring 2^32 - 1 pages', async () => {
    const { main, wal } = sqliteWalBomb();
    const { value, ms, growthMb } = await changesAfter({ 'data.db': main }, { 'data.db-wal': wal });
    expect(lines(value)).toEqual([
      expect.stringMatching(
        /^add fs:data\.db-wal \(file, \d+ bytes; not understood as SQLite: .+MiB of decoded data.+; compared as bytes\)$/,
      ),
    ]);
    expect(ms).toBeLessThan(MAX_MS);
    expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
  });

  it('git: a version-4 index whose paths each repeat the one before (n²/2 bytes of paths)', async () => {
    const repository = {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.git/refs/heads/.keep': '',
      '.git/objects/.keep': '',
    };
    const { value, ms, growthMb } = await changesAfter(repository, { '.git/index': gitIndexBomb(200_000) });
    expect(lines(value)).toEqual([
      expect.stringMatching(
        /^add fs:\.git\/index \(file, \d+ bytes; not understood as git: index entry \d+'s path .+MiB of decoded data.+; compared as bytes\)$/,
      ),
    ]);
    expect(ms).toBeLessThan(MAX_MS);
    expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
  });

  it('git: a branch moved to a loose object that inflates to 64 MiB is a moved ref, read within bounds', async () => {
    const bomb = gitZlibBomb();
    const oid = 'ab'.repeat(20);
    const repository = {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.git/refs/heads/main': `${'cd'.repeat(20)}\n`,
      '.git/objects/.keep': '',
    };
    const { value, ms, growthMb } = await changesAfter(
      { ...repository, [`.git/objects/${oid.slice(0, 2)}/${oid.slice(2)}`]: '' },
      { [`.git/objects/${oid.slice(0, 2)}/${oid.slice(2)}`]: bomb, '.git/refs/heads/main': `${oid}\n` },
    );
    expect(lines(value)).toEqual(['modify fs:.git#refs/heads/main (cdcdcdcdcdcd → abababababab)']);
    expect(ms).toBeLessThan(MAX_MS);
    expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
  });

  it('JSON: a document nested 100,000 deep', async () => {
    const { value, ms, growthMb } = await changesAfter({ 'a.json': '[1]' }, { 'a.json': deepJson(100_000) });
    expect(lines(value)).toEqual([
      'modify fs:a.json (3 → 200000 bytes, content changed; not understood as JSON: nested deeper than 256 arrays or objects; compared as bytes)',
    ]);
    expect(ms).toBeLessThan(MAX_MS);
    expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
  });

  it('JSON: 50,000 keys changed and an array of 50,000 reversed are read by records, within bounds', async () => {
    const keys = wideJson(50_000);
    const numbers = Array.from({ length: 50_000 }, (_, i) => i);
    const { value, ms, growthMb } = await changesAfter(
      { 'a.json': keys, 'b.json': JSON.stringify(numbers) },
      { 'a.json': keys.replaceAll(':', ':1'), 'b.json': JSON.stringify(numbers.reverse()) },
    );
    expect(lines(value)).toContain('modify fs:a.json (49950 more record changes not listed (49950 modify))');
    expect(lines(value)).toContain('modify fs:b.json (order changed)');
    expect(ms).toBeLessThan(MAX_MS);
    expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
  });

  it('JSON: a 200-deep document changed at its bottom spends its budget on serialising each level', async () => {
    const deep = (leaf: string) =>
      `${'{"a":'.repeat(200)}{"pad":"${'x'.repeat(1_500_000)}","v":${leaf}}${'}'.repeat(200)}`;
    const { value, ms } = await changesAfter({ 'a.json': deep('1') }, { 'a.json': deep('2') });
    expect(lines(value)).toEqual([
      expect.stringMatching(
        /^modify fs:a\.json \(\d+ bytes, content changed; not understood as JSON: serialising a nested value .+MiB of decoded data/,
      ),
    ]);
    expect(ms).toBeLessThan(MAX_MS);
  });
});
