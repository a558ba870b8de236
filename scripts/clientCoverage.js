// The issue-14 figure: how far hintproof gets on real npm MCP servers WITHOUT a config, launched the way
// clients launch them (npx -y …). For each server: the share of its tools with at least one successful call,
// and the share of its hints that end consistent or contradicted rather than inconclusive (not-applicable
// and unchecked verdicts are left out of that count).
//
// Usage: npm run build && node scripts/clientCoverage.js [--runs N] [--seed N] [--json FILE]
// --runs defaults to the CLI's own default budget (read from the build), so the figure is what a user gets.
// The JSON lists every tool with its calls, errors and sample error: where to look when a tool is never reached.
// The servers are this project's devDependencies (npx uses the project's copy, as it would for you); none
// needs the network for its tools, and none has install scripts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULTS } from '../dist/src/settings/checkSettings.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin/hintproof.js');
const option = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const runs = option('--runs', String(DEFAULTS.runs));
const seed = option('--seed', '1');
const output = option('--json', undefined);

/** Each server as a client config would start it; `{fs}`/`{pg}` where a user's config names a place. */
const SERVERS = [
  { name: 'server-filesystem', command: ['npx', '-y', '@modelcontextprotocol/server-filesystem', '{fs}'] },
  {
    name: 'server-memory',
    command: ['npx', '-y', '@modelcontextprotocol/server-memory'],
    env: ['MEMORY_FILE_PATH={fs}/memory.jsonl'],
  },
  {
    name: 'server-postgres',
    command: ['npx', '-y', '@modelcontextprotocol/server-postgres', '{pg}'],
    pg: join(root, 'scenarios/db-article/seed.sql'),
  },
  { name: 'server-everything', command: ['npx', '-y', '@modelcontextprotocol/server-everything', 'stdio'] },
  {
    name: 'server-sequential-thinking',
    command: ['npx', '-y', '@modelcontextprotocol/server-sequential-thinking'],
  },
];

const work = mkdtempSync(join(tmpdir(), 'hintproof-coverage-'));
const rows = [];
try {
  for (const server of SERVERS) {
    const json = join(work, `${server.name}.json`);
    const args = ['check', '--runs', runs, '--seed', seed, '--json', json, '--quiet'];
    for (const env of server.env ?? []) args.push('--env', env);
    if (server.pg) args.push('--pg', server.pg);
    const started = Date.now();
    const result = spawnSync(process.execPath, [bin, ...args, '--', ...server.command], {
      cwd: root,
      encoding: 'utf8',
    });
    const seconds = Math.round((Date.now() - started) / 1000);
    if (result.status === 2 || result.status === null || !existsSync(json)) {
      console.error(`${server.name}: hintproof could not run it (exit ${result.status})\n${result.stderr}`);
      rows.push({ server: server.name, error: result.stderr.trim() });
      continue;
    }
    const report = JSON.parse(readFileSync(json, 'utf8'));
    const tools = report.tools.map((tool) => ({
      name: tool.name,
      calls: tool.calls.total,
      succeeded: tool.calls.total - tool.calls.errors,
      verdicts: Object.values(tool.verdicts).map((verdict) => verdict.status),
      ...(tool.sampleError === undefined ? {} : { sampleError: tool.sampleError }),
    }));
    const judged = tools
      .flatMap((tool) => tool.verdicts)
      .filter((s) => s !== 'not-applicable' && s !== 'unchecked');
    rows.push({
      server: server.name,
      version: report.package?.version,
      tools: tools.length,
      reached: tools.filter((tool) => tool.succeeded > 0).length,
      hints: judged.length,
      decided: judged.filter((s) => s === 'consistent' || s === 'contradicted').length,
      unreached: tools.filter((tool) => tool.succeeded === 0).map((tool) => tool.name),
      seconds,
      perTool: tools,
    });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const percent = (part, whole) => (whole === 0 ? '–' : `${Math.round((100 * part) / whole)}%`);
const ok = rows.filter((row) => row.error === undefined);
const total = (key) => ok.reduce((sum, row) => sum + row[key], 0);
console.log(`hintproof without a config, --runs ${runs} --seed ${seed}\n`);
console.log(
  'server                       tools  reached   hints  decided   time  tools with no successful call',
);
for (const row of ok) {
  console.log(
    `${`${row.server} ${row.version ?? ''}`.padEnd(28)} ${String(row.tools).padStart(5)}  ${percent(row.reached, row.tools).padStart(7)}` +
      `  ${String(row.hints).padStart(6)}  ${percent(row.decided, row.hints).padStart(7)}  ${`${row.seconds}s`.padStart(5)}  ${row.unreached.join(', ')}`,
  );
}
console.log(
  `\nall: ${total('reached')}/${total('tools')} tools reached (${percent(total('reached'), total('tools'))}, goal ≥ 80%), ` +
    `${total('decided')}/${total('hints')} hints consistent or contradicted (${percent(total('decided'), total('hints'))})`,
);
if (output) writeFileSync(output, `${JSON.stringify({ runs, seed, servers: rows }, null, 2)}\n`);
process.exitCode = rows.length === ok.length ? 0 : 1;
