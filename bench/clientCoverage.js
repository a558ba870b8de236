// The issue-14 figure as a bench goal: scripts/clientCoverage.js (real npm servers launched with npx -y, no
// config, the CLI's default budget unless --runs says otherwise): the share of tools with at least one
// successful call, goal ≥ 80%, and the share of hints that end consistent or contradicted, printed with it.
// Usage: node bench/clientCoverage.js [--json FILE] [--runs N]   (npm run bench runs it via bench/index.js)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { goal, report } from './goal.js';

const { values } = parseArgs({ options: { json: { type: 'string' }, runs: { type: 'string' } } });
const work = mkdtempSync(join(tmpdir(), 'hintproof-bench-coverage-'));
let measured;
try {
  const out = join(work, 'coverage.json');
  const args = [fileURLToPath(new URL('../scripts/clientCoverage.js', import.meta.url)), '--json', out];
  if (values.runs) args.push('--runs', values.runs);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`scripts/clientCoverage.js exited ${result.status ?? result.signal}`);
  measured = JSON.parse(readFileSync(out, 'utf8'));
} finally {
  rmSync(work, { recursive: true, force: true });
}
const sum = (key) => measured.servers.reduce((total, server) => total + server[key], 0);
const [reached, tools, decided, hints] = ['reached', 'tools', 'decided', 'hints'].map(sum);
const goals = [
  report(
    goal('npm servers, no config: tools with a successful call', (100 * reached) / tools, {
      unit: '%',
      min: 80,
      note: `${reached}/${tools} tools; ${decided}/${hints} hints consistent or contradicted; --runs ${measured.runs}`,
    }),
  ),
];
const clientCoverage = {
  runs: Number(measured.runs),
  seed: Number(measured.seed),
  reached,
  tools,
  decided,
  hints,
  servers: measured.servers.map((server) =>
    Object.fromEntries(Object.entries(server).filter(([key]) => key !== 'perTool')),
  ),
};
if (values.json) writeFileSync(values.json, `${JSON.stringify({ clientCoverage, goals }, null, 2)}\n`);
