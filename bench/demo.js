// Benchmark: the whole demo (scripts/demo.js: hintproof on every bundled scenario, verdicts compared with each
// expected.json), timed end to end. `npm run demo` is this plus the build, which npm run bench has just done.
// Goals, on the 2-core machine: ≤ 60 s, and every scenario's verdicts matching.
// Usage: node bench/demo.js [--json FILE]   (npm run bench runs it via bench/index.js)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadScenarios } from '../scenarios/scenarios.js';
import { goal, report } from './goal.js';
import { runMeasured } from './measured.js';

const { values } = parseArgs({ options: { json: { type: 'string' } } });
const demo = fileURLToPath(new URL('../scripts/demo.js', import.meta.url));
const run = await runMeasured(process.execPath, [demo], { output: 'capture' });
// The demo's verdict lines: "✓ notes: every verdict matches …", "✗ …" with its mismatches, "could not run …".
const lines = run.output.split('\n');
const verdictLines = lines.filter((line) => /^(✓|✗|hintproof could not run)|^ {2}\S+\.\w+Hint: /.test(line));
for (const line of verdictLines) console.log(`  ${line}`);
const scenarios = loadScenarios().length;
const matched = lines.filter((line) => line.startsWith('✓ ')).length;
const seconds = Math.round(run.seconds * 100) / 100;
// "Reach: N of M tools met existing state in at least one command (P%)."
const reachLine = lines.find((line) => line.startsWith('Reach: '));
if (reachLine !== undefined) console.log(`  ${reachLine}`);
const [met, tools] = (/^Reach: (\d+) of (\d+) /.exec(reachLine ?? '') ?? []).slice(1).map(Number);
console.log(`demo: ${scenarios} scenarios, exit ${run.status ?? run.signal}`);
const result = {
  demo: { seconds, scenarios, matched, exit: run.status, reach: { tools, met } },
  goals: [
    report(goal('npm run demo (scripts/demo.js)', seconds, { unit: 's', max: 60 })),
    report(goal('demo: scenarios matching expected.json', matched, { min: scenarios })),
  ],
};
if (values.json) writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`);
