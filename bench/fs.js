// Benchmark: hintproof's wall time on the notes scenario against a bare-client floor measured in the same
// run: the same server spawns and the same calls through a plain SDK client, with no snapshots, no diffs and
// no prefetching. Usage: npm run bench [-- --json FILE] [-- --runs N]
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
await runChecks(
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
    replayCommand: () => '',
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
await rm(work, { recursive: true, force: true });

const round = (n) => Math.round(n * 1000) / 1000;
const result = {
  fs: {
    hintproofSeconds: round(hintproofSeconds),
    floorSeconds: round(floorSeconds),
    ratio: round(hintproofSeconds / floorSeconds),
  },
};
console.log(
  `notes scenario, ${runs} runs per tool, ${commands.length} commands (${commands.filter((c) => c.twice).length} called twice, ${commands.reduce((n, c) => n + c.preamble.length, 0)} preamble calls), ${commands.length + 1} server spawns`,
);
console.log(`  hintproof    ${result.fs.hintproofSeconds.toFixed(2)} s`);
console.log(`  bare client  ${result.fs.floorSeconds.toFixed(2)} s  (same spawns and calls, no snapshots)`);
console.log(`  ratio        ${result.fs.ratio.toFixed(2)}  (goal ≤ 1.3)`);
if (values.json) writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`);
