import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll } from 'vitest';
import { detectIsolation } from '../../../harness/process/isolation.js';
import type { Report } from '../../../src/model/report.js';
import type { CliResult } from '../runCli.js';
import { repoRoot, runCli } from '../runCli.js';

export { INVISIBLE_CHAR } from '../../src/report/hostileStrings.js';

/** A hostile fixture server of issue 11's red team, by file name. */
export const hostile = (file: string): string => join(repoRoot, 'test/fixtures/hostile', file);

/** How a red-team case runs the server: the CLI arguments and environment that pick the isolation. */
export interface Isolation {
  readonly label: string;
  readonly env: Record<string, string>;
  readonly args: readonly string[];
}

/**
 * Every isolation mechanism this machine offers (unshare as root): each red-team test that goes through the
 * sandbox's plumbing runs on both. Where there is none (and isolation is not required), the same cases run
 * without isolation, which these rows do not depend on, and say so in their name.
 */
export const ISOLATIONS: readonly Isolation[] = (() => {
  const found = (['bubblewrap', 'unshare'] as const).filter((kind) => detectIsolation(kind).kind === kind);
  if (found.length > 0)
    return found.map((kind) => ({ label: kind, env: { HINTPROOF_ISOLATION: kind }, args: [] }));
  if (process.env.HINTPROOF_REQUIRE_ISOLATION !== undefined) {
    throw new Error('HINTPROOF_REQUIRE_ISOLATION is set, but neither bubblewrap nor unshare works here');
  }
  return [{ label: 'not isolated: no mechanism works here', env: {}, args: ['--no-isolation'] }];
})();

/** A scratch directory for the file, removed after its tests. */
export function scratch(prefix: string): () => string {
  const root = mkdtempSync(join(tmpdir(), `hintproof-redteam-${prefix}-`));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return () => mkdtempSync(join(root, 'case-'));
}

/** Every path below `directory`, relative to it, directories included. */
export function listTree(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .map((path) => relative(directory, join(directory, path)))
    .sort();
}

/** How `checkHostile` runs a hostile server. */
export interface HostileCheck {
  readonly isolation: Isolation;
  readonly cwd: string;
  readonly runs: number;
  readonly seed: number;
  /** Given to the server with --env (for a fixture: where the host's canaries and listeners are). */
  readonly serverEnv?: Record<string, string>;
  /** More options of `hintproof check`. */
  readonly options?: readonly string[];
  /** The JSON report, in `report` (see `runCli`). */
  readonly json?: boolean;
  /** hintproof's own environment, besides the isolation's (e.g. TMPDIR). */
  readonly cliEnv?: Record<string, string>;
  /** Descriptors hintproof inherits as fds 3, 4, … (see `runCli`). */
  readonly inherit?: readonly (number | 'ignore')[];
}

/** `hintproof check` of the hostile fixture `file` (run with node), as a user would run it. */
export function checkHostile(file: string, check: HostileCheck): Promise<CliResult> {
  const env = Object.entries(check.serverEnv ?? {}).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
  return runCli(
    [
      'check',
      ...['--runs', String(check.runs), '--seed', String(check.seed)],
      ...env,
      ...(check.options ?? []),
      ...check.isolation.args,
      '--',
      'node',
      hostile(file),
    ],
    {
      cwd: check.cwd,
      env: { ...check.isolation.env, ...check.cliEnv },
      json: check.json ?? false,
      timeoutMs: 240_000,
      ...(check.inherit === undefined ? {} : { inherit: check.inherit }),
    },
  );
}

/** What a tool's openWorldHint verdict holds as egress: its evidence when contradicted, else the verdict. */
export function egressOf(report: Report, tool: string): unknown {
  const verdict = report.tools.find((each) => each.name === tool)?.verdicts.openWorldHint;
  return verdict?.status === 'contradicted' ? verdict.evidence.egress : verdict;
}
