import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { workDirectory } from '../../../src/cli/workDirectory.js';
import { SetupError } from '../../../src/model/setupError.js';

const parent = mkdtempSync(join(tmpdir(), 'hintproof-workdir-test-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('--work-dir', () => {
  it('is an existing directory, made absolute against the invocation directory', () => {
    expect(workDirectory('.', parent)).toBe(parent);
  });

  it('that does not exist is a set-up error naming the path and what to do', () => {
    expect(() => workDirectory('missing', parent)).toThrow(SetupError);
    expect(() => workDirectory('missing', parent)).toThrow(
      `--work-dir missing: no such directory (${join(parent, 'missing')}). Create it first, or give another.`,
    );
  });

  it('that is a file is a set-up error', () => {
    writeFileSync(join(parent, 'file'), '');
    expect(() => workDirectory('file', parent)).toThrow(/is not a directory/);
  });
});
