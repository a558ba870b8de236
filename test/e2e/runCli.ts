import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scenario } from '../../scenarios/scenarios.js';
import { checkArguments } from '../../scenarios/scenarios.js';
import type { Report } from '../../src/model/report.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const bin = join(repoRoot, 'bin/hintproof.js');
export const fixtures = join(repoRoot, 'test/fixtures/servers');

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The JSON report, when `--json` was requested by `runCli(…, { json: true })` and written. */
  readonly report?: Report;
}

/**
 * Runs the built CLI as a user would (`node bin/hintproof.js …`) and collects its output. Fails the test if
 * the CLI outlives `timeoutMs`: hintproof must never hang.
 */
export async function runCli(
  args: readonly string[],
  options: {
    cwd?: string;
    json?: boolean;
    timeoutMs?: number;
    env?: Record<string, string>;
    /** Another checkout's bin/hintproof.js. */
    bin?: string;
    /**
     * Descriptors the CLI inherits as its fds 3, 4, … (`'ignore'` leaves one closed), without close-on-exec, as
     * a shell, a CI runner or an editor passes its own.
     */
    inherit?: readonly (number | 'ignore')[];
  } = {},
): Promise<CliResult> {
  const work = mkdtempSync(join(tmpdir(), 'hintproof-e2e-'));
  const jsonFile = join(work, 'report.json');
  const fullArgs = options.json ? ['check', '--json', jsonFile, ...args.slice(1)] : [...args];
  try {
    const child = spawn(process.execPath, [options.bin ?? bin, ...fullArgs], {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe', ...(options.inherit ?? [])],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timeoutMs = options.timeoutMs ?? 300_000;
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(
          new Error(
            `hintproof ${fullArgs.join(' ')} did not finish within ${timeoutMs} ms\n${stdout}\n${stderr}`,
          ),
        );
      }, timeoutMs);
      child.on('close', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    let report: Report | undefined;
    if (options.json) {
      try {
        report = JSON.parse(readFileSync(jsonFile, 'utf8')) as Report;
      } catch {
        report = undefined;
      }
    }
    return { code, stdout, stderr, ...(report ? { report } : {}) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The verdict statuses of a report, tool → hint → status. */
export function statuses(report: Report): Record<string, Record<string, string>> {
  return Object.fromEntries(
    report.tools.map((tool) => [
      tool.name,
      Object.fromEntries(Object.entries(tool.verdicts).map(([hint, verdict]) => [hint, verdict.status])),
    ]),
  );
}

/**
 * Runs a bundled scenario as its README does, from its folder, at `--seed` (1 unless given) with `extra` options
 * before the server command, and collects the JSON report. The default budget takes about a minute per
 * scenario on a quiet machine, several on a busy one.
 */
export function runScenario(
  scenario: Scenario,
  options: { seed?: number; extra?: readonly string[] } = {},
): Promise<CliResult> {
  return runCli(
    [
      'check',
      '--seed',
      String(options.seed ?? 1),
      ...(options.extra ?? []),
      ...checkArguments(scenario).slice(1),
    ],
    { cwd: scenario.directory, json: true, timeoutMs: 850_000 },
  );
}
