/* global AbortController */
// Benchmark of argument generation, kept apart from bench/fs.js (which merges it into its --json output):
//   1. argsPerSecond: generated (and ajv-validated) argument sets per second over the recorded schema corpus;
//   2. per planted lie of the fs scenarios, the median number of commands until it is first found, with value
//      pools (hintproof as shipped) and without (random arguments from the schema alone, the baseline).
// Usage: node bench/generation.js [--json FILE] [--seeds N] [--runs N] [--baseline-runs N] [--tool NAME]
//        [--no-baseline]   (npm run bench runs it through bench/index.js)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { runChecks, VERSION } from '../dist/src/index.js';
import { argumentsFor } from '../dist/src/generate/index.js';
import { violationsOf } from '../dist/src/checks/index.js';
import { goal, report } from './goal.js';

/** Generation speed over every recorded real input schema (test/corpus and the server-filesystem fixture). */
export function measureGeneration({ perSchema = 200 } = {}) {
  const files = [
    ...readdirSync(new URL('../test/corpus/', import.meta.url))
      .filter((file) => file.endsWith('.tools.json'))
      .map((file) => new URL(`../test/corpus/${file}`, import.meta.url)),
    new URL('../test/src/generate/fixtures/server-filesystem.tools.json', import.meta.url),
  ];
  const schemas = files.flatMap((file) => JSON.parse(readFileSync(file, 'utf8')).tools);
  const pool = [
    { kind: 'directory', value: '{fs}' },
    { kind: 'path', value: '{fs}/notes/a.md' },
    { kind: 'name', value: 'a.md' },
  ];
  let generated = 0;
  let invalid = 0;
  const started = performance.now();
  for (const tool of schemas) {
    const outcome = argumentsFor(tool, pool);
    if (!outcome.ok) continue;
    for (const args of fc.sample(outcome.arbitrary, { seed: 1, numRuns: perSchema })) {
      generated++;
      if (!outcome.guard.validate(args).valid) invalid++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { argsPerSecond: Math.round(generated / seconds), schemas: schemas.length, invalid };
}

/** The fs scenarios and their planted lies (tool + contradicted hint, from expected.json). */
function scenarios() {
  const root = fileURLToPath(new URL('../scenarios/', import.meta.url));
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const directory = join(root, entry.name);
      let expected;
      try {
        expected = JSON.parse(readFileSync(join(directory, 'expected.json'), 'utf8'));
      } catch {
        return [];
      }
      if (expected.pg !== undefined || expected.command === undefined) return []; // pg scenarios: bench/pg
      if (entry.name === 'bookmarks') return []; // stateful: bench/bookmarks.js measures whole checks
      const lies = Object.entries(expected.verdicts).flatMap(([tool, verdicts]) =>
        Object.entries(verdicts)
          .filter(([, status]) => status === 'contradicted')
          .map(([hint]) => ({ tool, hint })),
      );
      return [{ name: entry.name, directory, expected, lies }];
    });
}

/**
 * Commands until one lie is first observed, for one seed: the 1-based index of the first observation whose
 * checks contradict the hint, or `undefined` when none within the budget.
 */
async function commandsUntilFound(scenario, lie, seed, runs, pools) {
  const command = scenario.expected.command;
  let tool;
  let index = 0;
  let found;
  // Once the lie is seen the rest of the check (its confirmation, shrinking, the budget left) tells nothing.
  const stop = new AbortController();
  const check = runChecks(
    {
      server: {
        command: command[0] === 'node' ? process.execPath : command[0],
        args: command.slice(1).map((arg) => (arg.endsWith('.js') ? join(scenario.directory, arg) : arg)),
        env: scenario.expected.env ?? {},
        startupTimeoutSeconds: 30,
        clientVersion: VERSION,
      },
      ...(scenario.expected.fs === undefined
        ? {}
        : { fsSeed: join(scenario.directory, scenario.expected.fs) }),
      // The scenario's other seeds, as the demo gives them: without them its lies cannot show.
      ...(scenario.expected.sqlite === undefined
        ? {}
        : { sqliteSeed: join(scenario.directory, scenario.expected.sqlite) }),
      ...(scenario.expected.home === undefined
        ? {}
        : { homeSeed: join(scenario.directory, scenario.expected.home) }),
      runs,
      seed,
      tools: [lie.tool],
      timeoutSeconds: 10,
      ignore: [],
      calibrationMs: 50,
      commandLine: command,
      replayLine: () => '',
      pools,
      signal: stop.signal,
    },
    (event) => {
      if (event.type === 'start') tool = event.tools[0];
      if (event.type !== 'observation' || found !== undefined || tool === undefined) return;
      index++;
      if (violationsOf(tool.effective, event.observation).some((v) => v.hint === lie.hint)) {
        found = index;
        stop.abort();
      }
    },
  );
  await check.catch((error) => {
    if (!stop.signal.aborted) throw error;
  });
  return found;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Per lie: median commands until found over `seeds` seeds, with pools and without; misses count as budget + 1. */
export async function measureLies({ seeds = 5, runs = 25, baselineRuns = 50, tools, baseline = true } = {}) {
  const results = [];
  for (const scenario of scenarios()) {
    for (const lie of scenario.lies.filter((l) => tools === undefined || tools.includes(l.tool))) {
      const row = { scenario: scenario.name, tool: lie.tool, hint: lie.hint };
      const modes = [
        ['pooled', true, runs],
        ['baseline', false, baselineRuns],
      ].slice(0, baseline ? 2 : 1);
      for (const [key, pools, budget] of modes) {
        const counts = [];
        for (let seed = 1; seed <= seeds; seed++) {
          counts.push((await commandsUntilFound(scenario, lie, seed, budget, pools)) ?? budget + 1);
        }
        row[key] = {
          median: median(counts),
          found: counts.filter((n) => n <= budget).length,
          of: seeds,
          budget,
        };
      }
      if (baseline) row.ratio = Math.round((row.baseline.median / row.pooled.median) * 10) / 10;
      results.push(row);
    }
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      json: { type: 'string' },
      seeds: { type: 'string', default: '5' },
      runs: { type: 'string', default: '25' },
      'baseline-runs': { type: 'string', default: '50' },
      tool: { type: 'string', multiple: true },
      'no-baseline': { type: 'boolean', default: false },
    },
  });
  const generation = measureGeneration();
  console.log(
    `generation: ${generation.argsPerSecond} args/s over ${generation.schemas} schemas, ${generation.invalid} invalid`,
  );
  const lies = await measureLies({
    seeds: Number(values.seeds),
    runs: Number(values.runs),
    baselineRuns: Number(values['baseline-runs']),
    tools: values.tool,
    baseline: !values['no-baseline'],
  });
  for (const row of lies) {
    const against = row.baseline
      ? ` vs baseline ${row.baseline.median} (found ${row.baseline.found}/${row.baseline.of}, budget ${row.baseline.budget}): ${row.ratio}×`
      : '';
    console.log(
      `${row.scenario} ${row.tool} ${row.hint}: median ${row.pooled.median} commands (found ${row.pooled.found}/${row.pooled.of})${against}`,
    );
  }
  const total = (key) => lies.reduce((sum, row) => sum + (row[key]?.median ?? 0), 0);
  const liesFound = {
    seeds: Number(values.seeds),
    lies,
    ...(values['no-baseline']
      ? {}
      : {
          pooledMedianSum: total('pooled'),
          baselineMedianSum: total('baseline'),
          // A lie the baseline never found counts as budget + 1: the ratio is then a lower bound.
          ratio: Math.round((total('baseline') / total('pooled')) * 10) / 10,
        }),
  };
  const goals = [];
  if (liesFound.ratio !== undefined) {
    console.log(
      `all lies: ${liesFound.pooledMedianSum} vs ${liesFound.baselineMedianSum} commands to find them`,
    );
    goals.push(
      report(goal('lies found: baseline ÷ pooled commands', liesFound.ratio, { unit: '×', min: 5 })),
    );
  }
  if (values.json) {
    writeFileSync(values.json, `${JSON.stringify({ generation, liesFound, goals }, null, 2)}\n`);
  }
}
