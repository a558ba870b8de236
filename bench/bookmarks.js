// Benchmark of stateful runs on the bookmarks scenario (an empty sandbox; both lies need a bookmark made
// earlier in the run): for each seed, a whole check at the default budget (every tool, 25 runs each, tools in
// the server's order so producers are learned as a user's check learns them). Per lie: in how many seeds it was
// caught, and the median number of the lying tool's commands (runs) until the first one that contradicts the
// hint, with the calls (preamble included) they took. A miss counts as budget + 1 in the medians.
// Usage: node bench/bookmarks.js [--json FILE] [--seeds N] [--runs N]   (npm run bench runs it via bench/index.js)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runChecks, VERSION } from '../dist/src/index.js';
import { violationsOf } from '../dist/src/checks/index.js';
import { goal, report } from './goal.js';

const { values } = parseArgs({
  options: {
    json: { type: 'string' },
    seeds: { type: 'string', default: '20' },
    runs: { type: 'string', default: '25' },
  },
});
const seeds = Number(values.seeds);
const runs = Number(values.runs);
const directory = fileURLToPath(new URL('../scenarios/bookmarks/', import.meta.url));
const expected = JSON.parse(readFileSync(`${directory}expected.json`, 'utf8'));
const lies = Object.entries(expected.verdicts).flatMap(([tool, verdicts]) =>
  Object.entries(verdicts)
    .filter(([, status]) => status === 'contradicted')
    .map(([hint]) => ({ tool, hint })),
);

/** One whole check: per lie, the lying tool's commands (and calls) until the first contradicting observation. */
async function measureSeed(seed) {
  const found = new Map();
  const effective = new Map();
  const commands = new Map();
  await runChecks(
    {
      server: {
        command: process.execPath,
        args: [`${directory}server.js`, '{fs}'],
        env: {},
        startupTimeoutSeconds: 30,
        clientVersion: VERSION,
      },
      runs,
      seed,
      timeoutSeconds: 10,
      ignore: [],
      calibrationMs: 50,
      commandLine: ['node', 'server.js', '{fs}'],
      replayLine: () => '',
    },
    (event) => {
      if (event.type === 'start') for (const tool of event.tools) effective.set(tool.name, tool.effective);
      if (event.type !== 'observation') return;
      const { tool } = event.observation;
      const count = (commands.get(tool) ?? 0) + 1;
      commands.set(tool, count);
      for (const lie of lies) {
        if (lie.tool !== tool || found.has(lie.tool + lie.hint)) continue;
        const hit = violationsOf(effective.get(tool), event.observation).some((v) => v.hint === lie.hint);
        if (hit) found.set(lie.tool + lie.hint, count);
      }
    },
  );
  return lies.map((lie) => found.get(lie.tool + lie.hint));
}

function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const perSeed = [];
const queue = Array.from({ length: seeds }, (_, index) => index + 1);
// Two checks at a time: each spends most of its time waiting on server processes.
await Promise.all(
  [0, 1].map(async () => {
    for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) {
      const result = await measureSeed(seed);
      perSeed.push({ seed, result });
      console.log(
        `bookmarks seed ${seed}: ${lies.map((lie, i) => `${lie.tool}.${lie.hint} ${result[i] ?? 'missed'}`).join(', ')}`,
      );
    }
  }),
);
const figures = lies.map((lie, i) => {
  const counts = perSeed.map(({ result }) => result[i]);
  const caught = counts.filter((count) => count !== undefined).length;
  return {
    tool: lie.tool,
    hint: lie.hint,
    caught: `${caught}/${seeds}`,
    medianCommandsToFirstContradiction: median(counts.map((count) => count ?? runs + 1)),
  };
});
for (const figure of figures) {
  console.log(
    `  ${figure.tool}.${figure.hint}: caught in ${figure.caught} seeds, median ${figure.medianCommandsToFirstContradiction} commands to the first`,
  );
}
const goals = figures.map((figure) =>
  report(
    goal(`bookmarks ${figure.tool}.${figure.hint} caught`, Number(figure.caught.split('/')[0]), {
      min: seeds,
    }),
  ),
);
const output = { bookmarks: { runs, seeds, lies: figures }, goals };
if (values.json) writeFileSync(values.json, `${JSON.stringify(output, null, 2)}\n`);
