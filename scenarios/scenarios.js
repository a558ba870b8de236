// @ts-check
/**
 * Loads the bundled scenarios (each folder with an expected.json) and compares a hintproof JSON report with
 * the verdicts a scenario expects. Shared by `npm run demo` and the end-to-end tests.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @typedef {{ readOnlyHint: string, destructiveHint: string, idempotentHint: string, openWorldHint: string }} ExpectedVerdicts
 * @typedef {{ name: string, directory: string, description: string, command: string[], fs?: string, home?: string, sqlite?: string, pg?: string,
 *   env?: Record<string, string>, verdicts: Record<string, ExpectedVerdicts> }} Scenario
 */

const root = new URL('.', import.meta.url).pathname;

/** @returns {Scenario[]} every scenario folder holding an expected.json, sorted by name */
export function loadScenarios() {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'expected.json')))
    .map((entry) => {
      const directory = join(root, entry.name);
      const expected = JSON.parse(readFileSync(join(directory, 'expected.json'), 'utf8'));
      return { name: entry.name, directory, ...expected };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The `hintproof check` arguments that run a scenario (to be run with the scenario folder as cwd). */
export function checkArguments(/** @type {Scenario} */ scenario) {
  const args = ['check'];
  if (scenario.fs) args.push('--fs', scenario.fs);
  if (scenario.sqlite) args.push('--sqlite', scenario.sqlite);
  if (scenario.home) args.push('--home', scenario.home);
  if (scenario.pg) args.push('--pg', scenario.pg);
  for (const [key, value] of Object.entries(scenario.env ?? {})) args.push('--env', `${key}=${value}`);
  return [...args, '--', ...scenario.command];
}

/**
 * Every difference between the verdicts a scenario expects and those of a report. openWorldHint is compared
 * only when the run observed egress (it was isolated). A closed-world finding is a mismatch: no scenario plants one.
 * @param {Scenario} scenario
 * @param {{ settings?: { isolation?: string }, tools: Array<{ name: string, verdicts: Record<string, { status: string }>, closedWorld?: { title: string } }> }} report
 * @returns {string[]} one line per mismatch; empty when the report matches
 */
export function compareVerdicts(scenario, report) {
  const mismatches = [];
  for (const [tool, expected] of Object.entries(scenario.verdicts)) {
    const actual = report.tools.find((t) => t.name === tool);
    if (!actual) {
      mismatches.push(`${tool}: missing from the report`);
      continue;
    }
    for (const [hint, status] of Object.entries(expected)) {
      const got = actual.verdicts[hint]?.status;
      // Egress is observed only in an isolated run: without isolation openWorldHint is honestly unchecked.
      if (hint === 'openWorldHint' && got === 'unchecked' && !egressObserved(report)) continue;
      if (got !== status) mismatches.push(`${tool}.${hint}: expected ${status}, got ${got}`);
    }
  }
  for (const tool of report.tools) {
    if (!(tool.name in scenario.verdicts))
      mismatches.push(`${tool.name}: in the report but not in expected.json`);
    // No bundled scenario plants a closed-world tool answering at random: a finding is a false one.
    if (tool.closedWorld)
      mismatches.push(`${tool.name}: unexpected closed-world finding: ${tool.closedWorld.title}`);
  }
  return mismatches;
}

/** Whether a report's run could observe egress: an isolated run (bubblewrap, or its unshare fallback). */
export function egressObserved(/** @type {{ settings?: { isolation?: string } }} */ report) {
  return report.settings?.isolation === 'bubblewrap' || report.settings?.isolation === 'unshare';
}
