// Benchmark: hintproof's time per command for a tool that touches one row of a table of 1k, 100k and 1M rows
// (embedded provider). Goal: flat (≤ 2× from 1k to 1M rows): snapshots read the change log, not the tables.
// msPerCommand is the time from the first command to the last, divided by the commands: it includes the
// sessions' databases (CREATE DATABASE … TEMPLATE, one per session of up to --max-commands calls), which the
// session pool prepares while the previous session runs. One tool, so --jobs 1: nothing runs beside it.
// Usage: node bench/pgScaling.js [--json FILE] [--runs N]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { runChecks, VERSION } from '../dist/src/index.js';
import { goal, report } from './goal.js';

const { values } = parseArgs({
  options: { json: { type: 'string' }, runs: { type: 'string', default: '20' } },
});
const runs = Number(values.runs);
const server = fileURLToPath(new URL('./pgScalingServer.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'hintproof-bench-pg-'));
const figures = [];
try {
  for (const rows of [1000, 100_000, 1_000_000]) {
    const seed = join(work, `big-${rows}.sql`);
    writeFileSync(
      seed,
      `create table big (id serial primary key, name text not null, n integer not null);\n` +
        `insert into big (name, n) select 'row ' || g, 0 from generate_series(1, ${rows}) g;\n` +
        'analyze big;\n',
    );
    let first;
    let last;
    let commands = 0;
    const started = performance.now();
    await runChecks(
      {
        server: {
          command: process.execPath,
          args: [server],
          env: { DATABASE_URL: '{pg}' },
          startupTimeoutSeconds: 60,
          clientVersion: VERSION,
        },
        pg: { seed },
        runs,
        jobs: 1,
        seed: 1,
        timeoutSeconds: 30,
        ignore: [],
        calibrationMs: 0,
        commandLine: ['node', 'pgScalingServer.js'],
        replayLine: () => '',
      },
      (event) => {
        if (event.type === 'tool-start') first = performance.now();
        if (event.type === 'observation') {
          commands++;
          last = performance.now();
        }
      },
    );
    const total = (performance.now() - started) / 1000;
    const msPerCommand = Math.round(((last - first) / commands) * 10) / 10;
    figures.push({ rows, msPerCommand });
    console.log(
      `  ${String(rows).padStart(9)} rows  ${msPerCommand.toFixed(1)} ms per command  (${commands} commands, ${total.toFixed(1)} s with set-up)`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const ratio = figures[2].msPerCommand / figures[0].msPerCommand;
const goals = [report(goal('pg per-command cost, 1M ÷ 1k rows', ratio, { unit: '×', max: 2 }))];
if (values.json) writeFileSync(values.json, `${JSON.stringify({ pgScaling: figures, goals }, null, 2)}\n`);
