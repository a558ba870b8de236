// Runs every benchmark figure, one process each, and merges their results into one object:
// { "fs": …, "pg": …, "pgScaling": [...], "generation": …, "liesFound": …, "bookmarks": … }. Usage: npm run bench [-- --json FILE] [-- --runs N]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { json: { type: 'string' }, runs: { type: 'string' } } });
const figures = ['fs.js', 'pg.js', 'pgScaling.js', 'sqliteScaling.js', 'generation.js', 'bookmarks.js'];
const work = mkdtempSync(join(tmpdir(), 'hintproof-bench-all-'));
const merged = {};
let failed = false;
try {
  for (const figure of figures) {
    const out = join(work, `${figure}.json`);
    const args = [fileURLToPath(new URL(figure, import.meta.url)), '--json', out];
    if (values.runs && !['pgScaling.js', 'sqliteScaling.js', 'bookmarks.js'].includes(figure))
      args.push('--runs', values.runs);
    const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
    if (result.status !== 0) {
      console.log(`bench/${figure} failed (exit ${result.status}); its figure is missing from the result.`);
      failed = true;
      continue;
    }
    Object.assign(merged, JSON.parse(readFileSync(out, 'utf8')));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (values.json) writeFileSync(values.json, `${JSON.stringify(merged, null, 2)}\n`);
process.exitCode = failed ? 1 : 0;
