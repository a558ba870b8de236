import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectIsolation } from '../../harness/process/isolation.js';
import { BESIDE_CODE_PACKAGE, packFixture } from '../fixtures/packages/localRegistry.js';
import { runCli, statuses } from './runCli.js';

/** Every mechanism this machine offers (unshare as root: it builds the overlays with a script of its own). */
const mechanisms = (['bubblewrap', 'unshare'] as const).filter((kind) => detectIsolation(kind).kind === kind);

let work: string;
let tarball: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'hintproof-beside-'));
  // The invocation directory is shown to the sandbox as it is: let its user pass it to reach the cache.
  chmodSync(work, 0o755);
  tarball = packFixture(work, BESIDE_CODE_PACKAGE);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every file below `directory`, relative to it, sorted. */
function filesBelow(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)))
    .sort();
}

describe('a package that keeps its data beside its code, run through npx -y', () => {
  // Sessions of 4 calls: a dozen sessions per tool, so a copy shared between them would show (see recall).
  const check = (cache: string, extra: readonly string[], env: Record<string, string>) =>
    runCli(
      [
        'check',
        '--seed',
        '3',
        '--runs',
        '10',
        '--max-commands',
        '4',
        ...extra,
        '--',
        'npx',
        '-y',
        `./${tarball.slice(work.length + 1)}`,
      ],
      { cwd: work, env: { HINTPROOF_CACHE_DIR: join(work, cache), ...env }, json: true },
    );

  for (const mode of [...mechanisms, 'none'] as const) {
    it(`writes beside its code in a copy of its own (isolation: ${mode}), observed as pkg: and never shared`, async () => {
      const cache = `cache-${mode}`;
      const result = await (mode === 'none'
        ? check(cache, ['--no-isolation'], {})
        : check(cache, [], { HINTPROOF_ISOLATION: mode }));
      expect(result.code, result.stderr).toBe(1);
      const report = result.report!;
      expect(report.settings.isolation).toBe(mode);
      const tools = Object.fromEntries(report.tools.map((tool) => [tool.name, tool]));
      // The writer's calls succeed: its directory is writable, as in a client's npx cache, and its bundled
      // dependency (nested in its node_modules, which the copy leaves out) is still found.
      expect(tools.remember?.calls.errors).toBe(0);
      expect(statuses(report).remember).toMatchObject({
        readOnlyHint: 'consistent',
        destructiveHint: 'consistent',
        idempotentHint: 'consistent',
      });
      // The honest reader stays read-only: it would write lib/leaked.txt in a session that began with notes
      // another session left.
      expect(statuses(report).recall?.readOnlyHint).toBe('consistent');
      // The lying reader is caught by what it wrote beside its code, named under the package's label.
      expect(statuses(report).tally?.readOnlyHint).toBe('contradicted');
      const lie = tools.tally?.verdicts.readOnlyHint;
      expect(lie?.status === 'contradicted' ? lie.evidence.changes : []).toContainEqual(
        expect.objectContaining({ environment: 'pkg', entity: 'lib/tally.txt' }),
      );
      expect(result.stdout).toContain('Observed: add pkg:lib/tally.txt');
      // The installed copy is never written: the next check starts from the package as installed.
      const packages = join(work, cache, 'packages');
      const [installed] = readdirSync(packages).filter((name) => !name.startsWith('.'));
      expect(filesBelow(join(packages, installed!, 'node_modules', 'beside-code-mcp'))).toEqual([
        'lib/server.js',
        'node_modules/beside-code-helper/index.js',
        'node_modules/beside-code-helper/package.json',
        'package.json',
      ]);
    });
  }
});
