// Runs hintproof on every bundled scenario, shows the real reports, and checks the verdicts against each
// scenario's expected.json. Finding the planted lies is the demo's success: it exits 0 when every verdict
// matches, 1 when one does not.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkArguments, compareVerdicts, egressObserved, loadScenarios } from '../scenarios/scenarios.js';

const bin = fileURLToPath(new URL('../bin/hintproof.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'hintproof-demo-'));
const seed = process.env.HINTPROOF_DEMO_SEED ?? '1';
let failed = 0;
try {
  for (const scenario of loadScenarios()) {
    console.log(`\n━━ scenario: ${scenario.name} ━━\n${scenario.description}\n`);
    const json = join(work, `${scenario.name}.json`);
    const args = checkArguments(scenario);
    args.splice(1, 0, '--seed', seed, '--json', json);
    console.log(`$ hintproof ${args.join(' ')}\n`);
    const result = spawnSync(process.execPath, [bin, ...args], { cwd: scenario.directory, stdio: 'inherit' });
    if (result.status === 2 || result.status === null) {
      console.log(`\nhintproof could not run the ${scenario.name} scenario (exit ${result.status}).`);
      failed++;
      continue;
    }
    const report = JSON.parse(readFileSync(json, 'utf8'));
    const mismatches = compareVerdicts(scenario, report);
    if (!egressObserved(report))
      console.log('\n(openWorldHint not compared: this run was not isolated, so egress was not observed.)');
    if (mismatches.length === 0) {
      console.log(
        `\n✓ ${scenario.name}: every verdict matches expected.json (hintproof exited ${result.status}).`,
      );
    } else {
      failed++;
      console.log(`\n✗ ${scenario.name}: ${mismatches.length} verdict(s) differ from expected.json:`);
      for (const line of mismatches) console.log(`  ${line}`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = failed === 0 ? 0 : 1;
