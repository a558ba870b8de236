// Runs hintproof on every bundled scenario, shows the real reports, and checks the verdicts against each
// scenario's expected.json. Finding the planted lies is the demo's success: it exits 0 when every verdict
// matches, 1 when one does not.
//
// Scenarios run HINTPROOF_DEMO_JOBS at a time (default 2: a check waits on its servers part of the time), each
// report printed whole and in the scenarios' order as soon as it and those before it are done.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkArguments, compareVerdicts, egressObserved, loadScenarios } from '../scenarios/scenarios.js';

const bin = fileURLToPath(new URL('../bin/hintproof.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'hintproof-demo-'));
const seed = process.env.HINTPROOF_DEMO_SEED ?? '1';
const jobs = Math.max(1, Number.parseInt(process.env.HINTPROOF_DEMO_JOBS ?? '2', 10) || 1);
// With HINTPROOF_DEMO_HTML=DIR, each scenario's HTML report is kept as DIR/<scenario>/report.html.
const htmlDir = process.env.HINTPROOF_DEMO_HTML ? resolve(process.env.HINTPROOF_DEMO_HTML) : undefined;
// The reports are captured to print them whole: keep their colours when the demo's own output has them.
const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;

/** One scenario's check: its whole printed block, and whether every verdict matched. */
async function runScenario(scenario) {
  const lines = [`\n━━ scenario: ${scenario.name} ━━\n${scenario.description}\n`];
  const json = join(work, `${scenario.name}.json`);
  const args = checkArguments(scenario);
  args.splice(1, 0, '--seed', seed, '--json', json);
  if (htmlDir !== undefined)
    args.splice(1, 0, '--reporter', 'text,html', '--output-dir', join(htmlDir, scenario.name));
  lines.push(`$ hintproof ${args.join(' ')}\n`);
  const child = spawn(process.execPath, [bin, ...args], { cwd: scenario.directory, env });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
  lines.push(Buffer.concat(output).toString('utf8').replace(/\n$/, ''));
  if (status === 2 || status === null) {
    lines.push(`\nhintproof could not run the ${scenario.name} scenario (exit ${status}).`);
    return { text: lines.join('\n'), ok: false, reach: { tools: 0, met: 0 } };
  }
  const report = JSON.parse(readFileSync(json, 'utf8'));
  const reach = {
    tools: report.tools.length,
    met: report.tools.filter((tool) => (tool.calls.metExisting ?? 0) > 0).length,
  };
  const mismatches = compareVerdicts(scenario, report);
  if (!egressObserved(report))
    lines.push('\n(openWorldHint not compared: this run was not isolated, so egress was not observed.)');
  if (mismatches.length === 0) {
    lines.push(`\n✓ ${scenario.name}: every verdict matches expected.json (hintproof exited ${status}).`);
    return { text: lines.join('\n'), ok: true, reach };
  }
  lines.push(`\n✗ ${scenario.name}: ${mismatches.length} verdict(s) differ from expected.json:`);
  for (const line of mismatches) lines.push(`  ${line}`);
  return { text: lines.join('\n'), ok: false, reach };
}

let failed = 0;
try {
  const scenarios = loadScenarios();
  console.log(`Checking ${scenarios.length} scenarios, ${jobs} at a time (HINTPROOF_DEMO_JOBS).`);
  const results = new Array(scenarios.length);
  let next = 0;
  let printed = 0;
  const flush = () => {
    while (printed < scenarios.length && results[printed] !== undefined) {
      console.log(results[printed].text);
      if (!results[printed].ok) failed++;
      printed++;
    }
  };
  const worker = async () => {
    while (next < scenarios.length) {
      const index = next++;
      results[index] = await runScenario(scenarios[index]);
      flush();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, scenarios.length) }, worker));
  // Reach: how many tools were exercised against state that existed before the command (issue 33).
  const tools = results.reduce((sum, result) => sum + result.reach.tools, 0);
  const met = results.reduce((sum, result) => sum + result.reach.met, 0);
  const share = tools === 0 ? 0 : Math.round((100 * met) / tools);
  console.log(`\nReach: ${met} of ${tools} tools met existing state in at least one command (${share}%).`);
  if (htmlDir !== undefined) console.log(`HTML reports: ${join(htmlDir, '<scenario>', 'report.html')}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = failed === 0 ? 0 : 1;
