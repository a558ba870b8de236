// Benchmark: hintproof's wall time on the notes scenario against two floors measured in the same run, each a
// plain SDK client with no snapshots, no diffs and no prefetching:
//   - the per-run floor: a fresh server process and seed copy per command (what hintproof did before long
//     sessions), its calls and preambles made on it: goal ≤ 1.3;
//   - the calls floor: one server process on one seed copy making the calls hintproof counts in its report
//     (tools[].calls.total: each command's one or two calls), in the same order: goal ≤ 10.
// Usage: node bench/fs.js [--json FILE] [--runs N]   (npm run bench runs it via bench/index.js)
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { runChecks, VERSION } from '../dist/src/index.js';
import { goal, report } from './goal.js';

const { values } = parseArgs({
  options: { json: { type: 'string' }, runs: { type: 'string', default: '25' } },
});
const runs = Number(values.runs);
const scenario = fileURLToPath(new URL('../scenarios/notes/', import.meta.url));
const seedDir = join(scenario, 'seed');
const server = join(scenario, 'server.js');

// 1. hintproof, in-process, recording every command it sent.
const commands = [];
let started = performance.now();
const checked = await runChecks(
  {
    server: {
      command: process.execPath,
      args: [server, '{fs}'],
      env: {},
      startupTimeoutSeconds: 30,
      clientVersion: VERSION,
    },
    fsSeed: seedDir,
    runs,
    seed: 1,
    timeoutSeconds: 10,
    ignore: [],
    calibrationMs: 250,
    commandLine: ['node', 'server.js', '{fs}'],
    replayLine: () => '',
  },
  (event) => {
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

// 2. The floor: one plain session per command (plus the probe's), sequential, no snapshots.
const work = await mkdtemp(join(tmpdir(), 'hintproof-bench-'));
started = performance.now();
let index = 0;
for (const command of [null, ...commands]) {
  const dir = join(work, `run-${index++}`);
  await cp(seedDir, dir, { recursive: true });
  const client = new Client({ name: 'floor', version: '0' }, { capabilities: {} });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [server, dir], cwd: dir, stderr: 'ignore' }),
  );
  await client.listTools();
  if (command) {
    const sent = (value) => JSON.parse(JSON.stringify(value).replaceAll('{fs}', dir));
    for (const step of command.preamble) {
      await client.callTool({ name: step.tool, arguments: sent(step.args) }).catch(() => {});
    }
    const args = sent(command.args);
    await client.callTool({ name: command.tool, arguments: args });
    if (command.twice) await client.callTool({ name: command.tool, arguments: args });
  }
  await client.close();
  await rm(dir, { recursive: true, force: true });
}
const floorSeconds = (performance.now() - started) / 1000;

// 3. The calls floor: one server process on one copy of the seed, the report's calls in order, no snapshots.
const calls = checked.tools.reduce((sum, tool) => sum + tool.calls.total, 0);
const planned = commands.reduce((sum, command) => sum + (command.twice ? 2 : 1), 0);
if (planned !== calls) {
  throw new Error(
    `The observations hold ${planned} calls but the report counts ${calls} (tools[].calls.total): ` +
      'the calls floor would not make the same calls. Check how the engine counts calls.',
  );
}
const dir = join(work, 'calls');
await cp(seedDir, dir, { recursive: true });
started = performance.now();
const client = new Client({ name: 'floor', version: '0' }, { capabilities: {} });
await client.connect(
  new StdioClientTransport({ command: process.execPath, args: [server, dir], cwd: dir, stderr: 'ignore' }),
);
await client.listTools();
for (const command of commands) {
  const args = JSON.parse(JSON.stringify(command.args).replaceAll('{fs}', dir));
  for (let call = 0; call < (command.twice ? 2 : 1); call++) {
    await client.callTool({ name: command.tool, arguments: args });
  }
}
await client.close();
const callsFloorSeconds = (performance.now() - started) / 1000;
await rm(work, { recursive: true, force: true });

const round = (n) => Math.round(n * 1000) / 1000;
const preambleCalls = commands.reduce((n, c) => n + c.preamble.length, 0);
console.log(
  `notes scenario, ${runs} runs per tool: ${commands.length} commands, ${calls} calls in the report ` +
    `(${preambleCalls} preamble calls besides), default --jobs, ` +
    `up to ${checked.settings.maxCommands} calls per session`,
);
console.log(`  hintproof            ${hintproofSeconds.toFixed(2)} s`);
console.log(
  `  per-run floor        ${floorSeconds.toFixed(2)} s  (${commands.length + 1} spawns, the same calls and preambles)`,
);
console.log(
  `  calls floor          ${callsFloorSeconds.toFixed(2)} s  (1 spawn, the report's ${calls} calls)`,
);
const result = {
  fs: {
    hintproofSeconds: round(hintproofSeconds),
    floorSeconds: round(floorSeconds),
    ratio: round(hintproofSeconds / floorSeconds),
    callsFloorSeconds: round(callsFloorSeconds),
    callsRatio: round(hintproofSeconds / callsFloorSeconds),
    commands: commands.length,
    calls,
    preambleCalls,
  },
  goals: [
    report(goal('notes: hintproof ÷ per-run floor', hintproofSeconds / floorSeconds, { max: 1.3 })),
    report(goal('notes: hintproof ÷ calls floor', hintproofSeconds / callsFloorSeconds, { max: 10 })),
  ],
};
if (values.json) writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`);
