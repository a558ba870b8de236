import { describe, expect, it } from 'vitest';
import { keepByName } from '../../../../src/engine/policy/keepByName.js';
import { effectiveHints } from '../../../../src/hints/effectiveHints.js';

const declared = effectiveHints({});
const tight = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

describe('keepByName: what a name says the calls that missed cannot unsay', () => {
  it('keeps a writer (replace_content, editFile) at its declared hints where calls that changed nothing moved them', () => {
    // readOnlyHint: true, destructiveHint: false and idempotentHint: true all rested on the calls that missed.
    expect(keepByName('replace_content', tight, declared)).toEqual({ ...declared, openWorldHint: false });
    expect(keepByName('editFile', tight, declared).readOnlyHint).toBe(false);
    // Suggested from calls that wrote (the tool was never suggested read-only): kept as suggested.
    const wrote = { ...tight, readOnlyHint: false };
    expect(keepByName('replace_content', wrote, declared)).toEqual(wrote);
  });

  it('keeps a destroyer at its declared destructiveHint and readOnlyHint, and leaves other names as suggested', () => {
    expect(keepByName('forget_bookmark', tight, declared)).toEqual({ ...declared, openWorldHint: false });
    expect(keepByName('forget_bookmark', { ...tight, readOnlyHint: false }, declared)).toEqual({
      ...tight,
      readOnlyHint: false,
      destructiveHint: true,
    });
    expect(keepByName('read_content', tight, declared)).toEqual(tight);
    expect(keepByName('replacement_table', tight, declared)).toEqual(tight);
  });
});
