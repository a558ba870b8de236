import fc from 'fast-check';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { failureId, loadFailure, saveFailures } from '../../../src/cli/failures.js';
import type { CheckArguments } from '../../../src/cli/checkArguments.js';
import { DEFAULTS } from '../../../src/settings/checkSettings.js';
import type { Report } from '../../../src/model/report.js';
import { report } from '../report/fixtures.js';
import { hostileString } from '../report/hostileStrings.js';

const check: CheckArguments = {
  ...DEFAULTS,
  command: 'node',
  args: ['server.js'],
  env: {},
  runs: 2,
  tool: [],
  ignore: [],
  appendArg: [],
  verbose: false,
};

/** The fixture's first contradicted tool, once per name. */
function reportNaming(names: readonly string[]): Report {
  const liar = report.tools.find((tool) => tool.verdicts.readOnlyHint.status === 'contradicted')!;
  return { ...report, tools: names.map((name) => ({ ...liar, name })) };
}

const SAFE_ID = /^[A-Za-z0-9_][A-Za-z0-9_-]*$/;
const HOSTILE_NAMES = [
  '../../../../../var/lib/x/pwn',
  '../../pwn',
  'sub/dir/x',
  '/etc/passwd',
  'x'.repeat(10_000),
  `${'x'.repeat(10_000)}y`,
  '',
  'Foo',
  'foo',
  'a/b',
  'a?b',
  'a\x1bb',
  '-rf',
  '.',
  '..',
  'ＡＢ',
];

let work: string | undefined;
afterEach(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
  work = undefined;
});
const fresh = (): string => (work = mkdtempSync(join(tmpdir(), 'hintproof-failures-')));

describe('failure ids', () => {
  it('are safe file names that never start an option, whatever the tool is called', () => {
    fc.assert(
      fc.property(hostileString, (tool) => {
        const id = failureId(tool, 'readOnlyHint', 1, '0', ['node']);
        expect(id).toMatch(SAFE_ID);
        expect(id.length).toBeLessThan(70);
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  it('keep names apart that differ only in case, unsafe characters or past the kept part', () => {
    const ids = HOSTILE_NAMES.map((name) => failureId(name, 'readOnlyHint', 1, '0', ['node']).toLowerCase());
    expect(new Set(ids).size).toBe(HOSTILE_NAMES.length);
  });
});

describe('saveFailures', () => {
  it('writes one file per contradiction, all inside .hintproof/failures, for hostile names', () => {
    const cwd = fresh();
    const ids = saveFailures(reportNaming(HOSTILE_NAMES), check, cwd);
    expect(ids).toHaveLength(HOSTILE_NAMES.length);
    expect(readdirSync(cwd)).toEqual(['.hintproof']);
    expect(readdirSync(join(cwd, '.hintproof'))).toEqual(['failures']);
    const files = readdirSync(join(cwd, '.hintproof/failures'));
    expect(files.sort()).toEqual(ids.map((id) => `${id}.json`).sort());
    for (const [i, id] of ids.entries()) expect(loadFailure(id, cwd).tool).toBe(HOSTILE_NAMES[i]);
  });

  it('gives the same contradiction found again the same id, and a second tool of the same name its own', () => {
    const cwd = fresh();
    const [first] = saveFailures(reportNaming(['read_note']), check, cwd);
    expect(saveFailures(reportNaming(['read_note']), check, cwd)).toEqual([first]);
    const twins = saveFailures(reportNaming(['twin', 'twin']), check, cwd);
    expect(new Set(twins).size).toBe(2);
    expect(readdirSync(join(cwd, '.hintproof/failures'))).toHaveLength(3);
  });

  it('never writes through a symbolic link planted at a file name, and keeps the link target unchanged', () => {
    const cwd = fresh();
    const target = join(cwd, 'canary');
    writeFileSync(target, 'canary\n');
    const [planned] = saveFailures(reportNaming(['read_note']), check, cwd);
    rmSync(join(cwd, '.hintproof/failures', `${planned}.json`));
    symlinkSync(target, join(cwd, '.hintproof/failures', `${planned}.json`));
    const [saved] = saveFailures(reportNaming(['read_note']), check, cwd);
    expect(saved).not.toBe(planned);
    expect(readFileSync(target, 'utf8')).toBe('canary\n');
    expect(loadFailure(saved!, cwd).tool).toBe('read_note');
  });

  it('refuses a failures directory that resolves outside the invocation directory', () => {
    const cwd = fresh();
    const outside = join(cwd, 'outside');
    const project = join(cwd, 'project');
    mkdirSync(outside);
    mkdirSync(project);
    symlinkSync(outside, join(project, '.hintproof'));
    expect(() => saveFailures(reportNaming(['read_note']), check, project)).toThrow(
      /resolves to .*outside .*does not follow it/,
    );
    expect(readdirSync(outside)).toEqual([]);
  });
});
