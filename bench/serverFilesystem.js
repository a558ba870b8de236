// Benchmark: the default check of the real npm server @modelcontextprotocol/server-filesystem (a devDependency,
// its dist/index.js run by node with {fs} as its allowed directory and a small seed), timed end to end as a
// user runs it: `hintproof check` in a process of its own, whose peak RSS is measured too.
// Goals, on the 2-core machine: ≤ 20 s; peak RSS of the hintproof process ≤ 300 MB; the settle after each call (see
// docs/design.md, "Fairness") costs ≤ 1.2× the same check with --settle-max 0 (no waiting), run right after it.
// Usage: node bench/serverFilesystem.js [--json FILE] [--runs N]   (npm run bench runs it via bench/index.js)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { report, goal } from './goal.js';
import { runMeasured } from './measured.js';

const { values } = parseArgs({ options: { json: { type: 'string' }, runs: { type: 'string' } } });
const bin = fileURLToPath(new URL('../bin/hintproof.js', import.meta.url));
const server = fileURLToPath(import.meta.resolve('@modelcontextprotocol/server-filesystem/dist/index.js'));
const work = mkdtempSync(join(tmpdir(), 'hintproof-bench-sfs-'));
let result;
try {
  const seed = join(work, 'seed');
  mkdirSync(join(seed, 'docs', 'old'), { recursive: true });
  writeFileSync(join(seed, 'readme.md'), '# Project\n\nA small tree to check the server against.\n');
  writeFileSync(join(seed, 'docs', 'notes.txt'), 'first line\nsecond line\n');
  writeFileSync(join(seed, 'docs', 'old', 'draft.md'), 'draft\n');
  writeFileSync(join(seed, 'data.json'), '{ "items": [1, 2, 3] }\n');
  const json = join(work, 'report.json');
  const args = [bin, 'check', '--fs', seed, '--seed', '1', '--json', json];
  if (values.runs !== undefined) args.push('--runs', values.runs);
  args.push('--', process.execPath, server, '{fs}');
  const run = await runMeasured(process.execPath, args, { output: 'capture' });
  // The same check without waiting for calls to settle: what waiting costs a server whose effects do not trail.
  const unsettled = await runMeasured(
    process.execPath,
    [...args.slice(0, args.indexOf('--')), '--settle-max', '0', ...args.slice(args.indexOf('--'))],
    { output: 'capture' },
  );
  if (run.status !== 0 && run.status !== 1) {
    console.log(run.output);
    throw new Error(
      `hintproof check of server-filesystem exited ${run.status ?? run.signal} (0 or 1 expected)`,
    );
  }
  const checked = JSON.parse(readFileSync(json, 'utf8'));
  const calls = checked.tools.reduce((sum, tool) => sum + tool.calls.total, 0);
  console.log(
    `server-filesystem default check: ${checked.tools.length} tools, ${checked.settings.runs} runs each, ` +
      `${calls} calls, up to ${checked.settings.maxCommands} calls per session, isolation ${checked.settings.isolation}`,
  );
  console.log(`  ${run.output.trim().split('\n').at(-2)}`);
  const seconds = Math.round(run.seconds * 100) / 100;
  const settle = checked.settings.settle;
  console.log(
    `  settle: ${settle.waited} of ${settle.calls} calls and reads waited, ${settle.waitedMs} ms in all ` +
      `(longest ${settle.longestMs} ms; a timer a call set was due ${settle.trailMs} ms after its answer at most); ` +
      `the same check with --settle-max 0: ${unsettled.seconds.toFixed(2)} s`,
  );
  result = {
    serverFilesystem: { seconds, peakRssMb: run.peakRssMb, tools: checked.tools.length, calls },
    goals: [
      report(goal('server-filesystem default check', seconds, { unit: 's', max: 20 })),
      report(
        goal('settle cost (server-filesystem ÷ same with --settle-max 0)', run.seconds / unsettled.seconds, {
          max: 1.2,
        }),
      ),
      report(
        goal('peak RSS of hintproof (server-filesystem)', run.peakRssMb ?? Infinity, {
          unit: 'MB',
          max: 300,
        }),
      ),
    ],
  };
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (values.json) writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`);
