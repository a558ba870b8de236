// Runs every benchmark figure, one process each, and merges their results into one object:
// { "fs": …, "serverFilesystem": …, "demo": …, "pg": …, "pgScaling": [...], "sqliteScaling": [...],
//   "generation": …, "liesFound": …, "bookmarks": …, "observers": …, "clientCoverage": …, "goals": [...],
//   "failed": [...] }, then prints every goal ("figure · goal · met/NOT met") once more, with the figures that
// could not be measured named.
// Exit 0 when every figure ran and met its goal, 1 otherwise.
// Usage: npm run bench [-- --json FILE] [-- --runs N] [-- --only fs.js,demo.js]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { goalLine } from './goal.js';

const { values } = parseArgs({
  options: { json: { type: 'string' }, runs: { type: 'string' }, only: { type: 'string' } },
});
const all = [
  'fs.js',
  'serverFilesystem.js',
  'demo.js',
  'pg.js',
  'pgScaling.js',
  'sqliteScaling.js',
  'generation.js',
  'bookmarks.js',
  'observers.js',
  'clientCoverage.js',
];
const wanted = values.only?.split(',') ?? all;
const unknown = wanted.filter((figure) => !all.includes(figure));
if (unknown.length > 0) {
  console.error(`--only ${unknown.join(', ')}: no such figure. The figures: ${all.join(', ')}.`);
  process.exit(2);
}
/** Figures whose --runs is not the per-tool budget of one check (they fix their own). */
const ownRuns = ['serverFilesystem.js', 'demo.js', 'pgScaling.js', 'sqliteScaling.js', 'bookmarks.js'];
const work = mkdtempSync(join(tmpdir(), 'hintproof-bench-all-'));
const merged = { goals: [], failed: [] };
try {
  for (const figure of all.filter((name) => wanted.includes(name))) {
    console.log(`\n━━ bench/${figure} ━━`);
    const out = join(work, `${figure}.json`);
    const args = [fileURLToPath(new URL(figure, import.meta.url)), '--json', out];
    if (values.runs && !ownRuns.includes(figure)) args.push('--runs', values.runs);
    const started = performance.now();
    const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    let output;
    try {
      output = result.status === 0 ? JSON.parse(readFileSync(out, 'utf8')) : undefined;
    } catch {
      output = undefined;
    }
    if (output === undefined) {
      const how = result.status === 0 ? 'wrote no JSON' : `exited ${result.status ?? result.signal}`;
      console.log(`bench/${figure} failed (${how}, after ${seconds} s): its figures are missing.`);
      merged.failed.push(figure);
      continue;
    }
    console.log(`(bench/${figure}: ${seconds} s)`);
    const { goals = [], ...figures } = output;
    Object.assign(merged, figures);
    merged.goals.push(...goals);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log('\n━━ goals ━━');
for (const entry of merged.goals) console.log(goalLine(entry));
const unmet = merged.goals.filter((entry) => !entry.met);
console.log(
  `${merged.goals.length - unmet.length} of ${merged.goals.length} goals met` +
    (merged.failed.length === 0 ? '' : `; not measured (the figure failed): ${merged.failed.join(', ')}`),
);
if (values.json) writeFileSync(values.json, `${JSON.stringify(merged, null, 2)}\n`);
process.exitCode = unmet.length === 0 && merged.failed.length === 0 ? 0 : 1;
