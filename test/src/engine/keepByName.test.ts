import { describe, expect, it } from 'vitest';
import { keepByName } from '../../../src/engine/keepByName.js';
import { effectiveHints } from '../../../src/hints/effectiveHints.js';

const declared = effectiveHints({});
const tight = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

describe('keepByName: what a name says the calls that missed cannot unsay', () => {
  it('keeps a writer (replace_content, editFile) at its declared readOnlyHint', () => {
    expect(keepByName('replace_content', tight, declared)).toEqual({ ...tight, readOnlyHint: false });
    expect(keepByName('editFile', tight, declared).readOnlyHint).toBe(false);
  });

  it('keeps a destroyer at its declared destructiveHint and readOnlyHint, and leaves other names as suggested', () => {
    expect(keepByName('forget_bookmark', tight, declared)).toEqual({
      ...tight,
      readOnlyHint: false,
      destructiveHint: true,
    });
    expect(keepByName('read_content', tight, declared)).toEqual(tight);
    expect(keepByName('replacement_table', tight, declared)).toEqual(tight);
  });
});
