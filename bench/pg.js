// Benchmark: hintproof's wall time on the db-article scenario (a small database, embedded provider) against
// a bare-client floor measured in the same run (bench/pgFloor.js) on a cluster of the same kind.
// Usage: node bench/pg.js [--json FILE] [--runs N]
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { runChecks, VERSION } from '../dist/src/index.js';
import { createPgProvider } from '../dist/harness/environments/postgres/index.js';
import { runFloor } from './pgFloor.js';
import { goal, report } from './goal.js';

const { values } = parseArgs({
  options: { json: { type: 'string' }, runs: { type: 'string', default: '25' } },
});
const runs = Number(values.runs);
const seed = fileURLToPath(new URL('../scenarios/db-article/seed.sql', import.meta.url));
const server = fileURLToPath(new URL('../scenarios/db-article/server.js', import.meta.url));

const commands = [];
let isolation = 'none';
let started = performance.now();
await runChecks(
  {
    server: {
      command: process.execPath,
      args: [server],
      env: { DATABASE_URL: '{pg}' },
      startupTimeoutSeconds: 30,
      clientVersion: VERSION,
    },
    pg: { seed },
    runs,
    seed: 1,
    timeoutSeconds: 10,
    ignore: [],
    calibrationMs: 250,
    commandLine: ['node', 'server.js'],
    replayLine: () => '',
  },
  (event) => {
    if (event.type === 'start') isolation = event.settings.isolation ?? 'none';
    if (event.type === 'observation') {
      commands.push({
        tool: event.observation.tool,
        args: event.observation.args,
        twice: !!event.observation.call2,
        // The calls a stateful run made first (once each): the floor makes them too.
        preamble: (event.preamble ?? []).map((step) => ({ tool: step.tool, args: step.args })),
      });
    }
  },
);
const hintproofSeconds = (performance.now() - started) / 1000;

// The floor starts its own cluster and template the same way (not timed), then one plain session per command.
const provider = await createPgProvider({ seed });
let floorSeconds;
try {
  started = performance.now();
  await runFloor(provider.server.admin, provider.template, server, [null, ...commands]);
  floorSeconds = (performance.now() - started) / 1000;
} finally {
  await provider[Symbol.asyncDispose]();
}

const round = (n) => Math.round(n * 1000) / 1000;
const result = {
  pg: {
    isolation,
    hintproofSeconds: round(hintproofSeconds),
    floorSeconds: round(floorSeconds),
    ratio: round(hintproofSeconds / floorSeconds),
  },
};
console.log(`db-article scenario (embedded Postgres), ${runs} runs per tool, ${commands.length} commands`);
console.log(
  `  hintproof    ${result.pg.hintproofSeconds.toFixed(2)} s  (includes starting the cluster and seeding; ` +
    `isolation: ${isolation})`,
);
console.log(
  `  bare client  ${result.pg.floorSeconds.toFixed(2)} s  (a database per command from the template, same calls)`,
);
result.goals = [
  report(goal('db-article: hintproof ÷ per-run floor', hintproofSeconds / floorSeconds, { max: 1.5 })),
];
if (values.json) writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`);
