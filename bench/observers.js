// Benchmark: what observers cost per command. The memory scenario's honest tools (add_item, list_items: no
// contradiction, so no confirmation or shrinking on either side), checked end to end as a user runs it, once
// with its observer (list_items, read before and after every call) and once with --max-observers 0. The figure:
// seconds per command with observers ÷ without. Goal, on the 2-core machine: ≤ 2×.
// Usage: node bench/observers.js [--json FILE] [--runs N]   (npm run bench runs it via bench/index.js)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { goal, report } from './goal.js';
import { runMeasured } from './measured.js';

const { values } = parseArgs({ options: { json: { type: 'string' }, runs: { type: 'string' } } });
const bin = fileURLToPath(new URL('../bin/hintproof.js', import.meta.url));
const server = fileURLToPath(new URL('../scenarios/memory/server.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'hintproof-bench-observers-'));

/** One check; its seconds, commands, and the observers it read. */
async function check(maxObservers) {
  const json = join(work, `report-${maxObservers}.json`);
  const args = [bin, 'check', '--seed', '1', '--json', json, '--tool', 'add_item', '--tool', 'list_items'];
  if (values.runs !== undefined) args.push('--runs', values.runs);
  if (maxObservers !== undefined) args.push('--max-observers', String(maxObservers));
  args.push('--', process.execPath, server);
  const run = await runMeasured(process.execPath, args, { output: 'capture' });
  if (run.status !== 0) {
    console.log(run.output);
    throw new Error(`hintproof check of the memory scenario exited ${run.status ?? run.signal} (0 expected)`);
  }
  const checked = JSON.parse(readFileSync(json, 'utf8'));
  const commands = checked.tools.reduce((sum, tool) => sum + tool.calls.commands, 0);
  return { seconds: run.seconds, commands, observers: checked.observers?.used.length ?? 0 };
}

let result;
try {
  const without = await check(0);
  const withObservers = await check(undefined);
  if (withObservers.observers === 0) throw new Error('the memory scenario was checked with no observer');
  const per = (run) => (run.seconds / run.commands) * 1000;
  const ratio = per(withObservers) / per(without);
  const ms = (value) => Math.round(value * 10) / 10;
  console.log(
    `memory scenario, add_item + list_items: ${withObservers.commands} commands; ` +
      `${ms(per(withObservers))} ms per command with ${withObservers.observers} observer(s), ` +
      `${ms(per(without))} ms without (--max-observers 0)`,
  );
  result = {
    observers: {
      msPerCommandWith: ms(per(withObservers)),
      msPerCommandWithout: ms(per(without)),
      commands: withObservers.commands,
      ratio: Math.round(ratio * 100) / 100,
    },
    goals: [report(goal('observers: cost per command, with ÷ without', ratio, { unit: '×', max: 2 }))],
  };
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (values.json) writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`);
