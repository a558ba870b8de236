import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createSqliteProvider } from '../../../../harness/environments/sqlite/sqliteProvider.js';
import { harvestSqliteDatabase } from '../../../../harness/environments/sqlite/harvestSqliteDatabase.js';
import { readSqliteDatabase } from '../../../../harness/environments/sqlite/sqliteDatabase.js';

const work = mkdtempSync(join(tmpdir(), 'hintproof-sqlite-provider-'));
afterEach(() => rmSync(join(work, 'run'), { recursive: true, force: true }));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function seedFile(name: string, content: string): string {
  const path = join(work, name);
  writeFileSync(path, content);
  return path;
}

describe('createSqliteProvider', () => {
  it('gives each run a fresh copy of the seeded database in {fs}, named after the seed', async () => {
    const seed = seedFile(
      'todo.sql',
      "create table todos (id integer primary key, title text); insert into todos (title) values ('milk');",
    );
    await using provider = await createSqliteProvider({ seed });
    mkdirSync(join(work, 'run', 'fs'), { recursive: true });
    await using instance = await provider.create(join(work, 'run'));
    const path = join(work, 'run', 'fs', 'todo.db');
    expect(instance.placeholders).toEqual({ sqlite: path });
    const values = harvestSqliteDatabase(readSqliteDatabase({ main: readFileSync(path) }));
    expect(values).toContainEqual({ kind: 'name', value: 'milk' });
  });

  it('refuses a --fs seed that already holds a file of that name, and says which', async () => {
    const seed = seedFile('notes.sql', 'create table t (x);');
    await using provider = await createSqliteProvider({ seed });
    mkdirSync(join(work, 'run', 'fs'), { recursive: true });
    writeFileSync(join(work, 'run', 'fs', 'notes.db'), 'mine');
    await expect(provider.create(join(work, 'run'))).rejects.toThrow(/already holds notes\.db/);
  });

  it('says which seed failed and why', async () => {
    const seed = seedFile('bad.sql', 'create table t (x); insert into nowhere values (1);');
    await expect(createSqliteProvider({ seed })).rejects.toThrow(
      /--sqlite .*bad\.sql: the seed script failed in SQLite: no such table: nowhere/,
    );
    await expect(createSqliteProvider({ seed: join(work, 'missing.sql') })).rejects.toThrow(
      /cannot read the seed \(ENOENT\)/,
    );
  });
});
