// Benchmark: hintproof's time per command for tools that update or insert one row of a SQLite table of 1k and
// 100k rows, in WAL and in rollback-journal mode. Goal: flat (≤ 2× from 1k to 100k rows): a snapshot reads the
// database's files, and the diff decodes only the pages whose bytes moved, not the table.
// msPerCommand is the time from the first command to the last, divided by the commands (each run's fresh copy
// of the seeded database per session included, which the session pool prepares while the previous session
// runs). --jobs 1: the two tools one after the other, so the time per command is one tool's.
// Usage: node bench/sqliteScaling.js [--json FILE] [--runs N]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { runChecks, VERSION } from '../dist/src/index.js';
import { goal, report } from './goal.js';

const { values } = parseArgs({
  options: { json: { type: 'string' }, runs: { type: 'string', default: '40' } },
});
const runs = Number(values.runs);
const server = fileURLToPath(new URL('./sqliteScalingServer.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'hintproof-bench-sqlite-'));
const figures = [];
try {
  for (const journal of ['wal', 'delete']) {
    for (const rows of [1000, 100_000]) {
      const seed = join(work, `big-${rows}.sql`);
      writeFileSync(
        seed,
        `create table big (id integer primary key, name text not null, n integer not null);\n` +
          `with recursive g(x) as (select 1 union all select x + 1 from g where x < ${rows})\n` +
          `insert into big (name, n) select 'row ' || x, 0 from g;\n`,
      );
      let first;
      let last;
      let commands = 0;
      const started = performance.now();
      await runChecks(
        {
          server: {
            command: process.execPath,
            args: [server, '{sqlite}'],
            env: { JOURNAL_MODE: journal },
            startupTimeoutSeconds: 60,
            clientVersion: VERSION,
          },
          sqliteSeed: seed,
          runs,
          jobs: 1,
          seed: 1,
          timeoutSeconds: 30,
          ignore: [],
          calibrationMs: 0,
          commandLine: ['node', 'sqliteScalingServer.js', '{sqlite}'],
          replayLine: () => '',
        },
        (event) => {
          if (event.type === 'tool-start' && first === undefined) first = performance.now();
          if (event.type === 'observation') {
            commands++;
            last = performance.now();
          }
        },
      );
      const total = (performance.now() - started) / 1000;
      const msPerCommand = Math.round(((last - first) / commands) * 10) / 10;
      figures.push({ journal, rows, msPerCommand });
      console.log(
        `  ${journal.padEnd(6)} ${String(rows).padStart(7)} rows  ${msPerCommand.toFixed(1)} ms per command  (${commands} commands, ${total.toFixed(1)} s with set-up)`,
      );
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const goals = ['wal', 'delete'].map((journal) => {
  const [small, large] = figures.filter((figure) => figure.journal === journal);
  const ratio = large.msPerCommand / small.msPerCommand;
  return report(goal(`sqlite (${journal}) per-command cost, 100k ÷ 1k rows`, ratio, { unit: '×', max: 2 }));
});
if (values.json)
  writeFileSync(values.json, `${JSON.stringify({ sqliteScaling: figures, goals }, null, 2)}\n`);
