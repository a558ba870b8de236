import { describe, expect, it } from 'vitest';
import { describeFailure, oneLine } from '../../../src/model/callOutcome.js';

describe('describeFailure: the whole failure on one line, bounded', () => {
  it('shows an error whose text is JSON whole, compacted, not as its first line "{"', () => {
    const text = JSON.stringify(
      { error: 'internal_error', message: 'Relation not found: a -> b (knows)' },
      null,
      2,
    );
    expect(describeFailure({ status: 'returned', isError: true, text })).toBe(
      'isError: {"error":"internal_error","message":"Relation not found: a -> b (knows)"}',
    );
  });

  it('keeps JSON longer than a text sample whole (bounded), so the text report can pretty-print it', () => {
    const value = { items: Array.from({ length: 60 }, (_, i) => `item-${i}`) };
    const compact = JSON.stringify(value);
    expect(compact.length).toBeGreaterThan(400);
    expect(oneLine(JSON.stringify(value, null, 2))).toBe(compact);
    const huge = JSON.stringify({ blob: 'x'.repeat(10_000) });
    expect(oneLine(huge)).toHaveLength(400);
  });

  it('joins the lines of other text, and cuts what is too long', () => {
    expect(oneLine('  Error: boom\n    at f (a.js:1)\n\n')).toBe('Error: boom ⏎ at f (a.js:1)');
    expect(oneLine('{ not json\nsecond')).toBe('{ not json ⏎ second');
    const long = oneLine('x'.repeat(1000));
    expect(long).toHaveLength(400);
    expect(long.endsWith('...')).toBe(true);
  });

  it('keeps the stderr a crash ended with', () => {
    expect(
      describeFailure({
        status: 'crashed',
        message: "Connection closed; the server's stderr ended with:\nError: the index is corrupt",
      }),
    ).toBe(
      "connection lost: Connection closed; the server's stderr ended with: ⏎ Error: the index is corrupt",
    );
  });
});
