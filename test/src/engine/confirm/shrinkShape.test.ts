import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredHints, effectiveHints } from '../../../../src/hints/effectiveHints.js';
import type { HintName } from '../../../../src/model/hints.js';
import { searchRound } from '../../../../src/engine/search/searchRound.js';
import { shrinkShape } from '../../../../src/engine/confirm/shrinkShape.js';
import { ANY, call, inProcessPool, roundOptions } from '../inProcessServers.js';

describe('shrinkShape', () => {
  it('is the same for calls that differ only in the characters of their strings', () => {
    const a = shrinkShape([call('save', { name: '7', content: 'tx' }), call('stamp', { name: '7' })]);
    const b = shrinkShape([call('save', { name: '!', content: '  ' }), call('stamp', { name: '#' })]);
    expect(a).toBe(b);
  });

  it('differs when a string is shorter, a number or a tool differs, or a call is dropped', () => {
    const held = shrinkShape([call('save', { name: 'ab', count: 3 }), call('stamp', { name: 'ab' })]);
    expect(shrinkShape([call('save', { name: 'a', count: 3 }), call('stamp', { name: 'ab' })])).not.toBe(
      held,
    );
    expect(shrinkShape([call('save', { name: 'ab', count: 0 }), call('stamp', { name: 'ab' })])).not.toBe(
      held,
    );
    expect(shrinkShape([call('load', { name: 'ab', count: 3 }), call('stamp', { name: 'ab' })])).not.toBe(
      held,
    );
    expect(shrinkShape([call('stamp', { name: 'ab' })])).not.toBe(held);
    // A live choice (an object) and a plain string are not one shape.
    expect(shrinkShape([call('stamp', { name: { index: 0, fallback: 'ab' } })])).not.toBe(
      shrinkShape([call('stamp', { name: 'ab' })]),
    );
  });
});

/** `scribble` claims to only read, and writes a file named after its argument on every call. */
function scribbler(fs: string, started: { count: number }): McpServer {
  started.count++;
  const server = new McpServer({ name: 'scribbler', version: '1.0.0' });
  server.registerTool(
    'scribble',
    { inputSchema: { name: z.string() }, annotations: { readOnlyHint: true } },
    ({ name }) => {
      writeFileSync(join(fs, `note-${Buffer.from(name).toString('hex')}`), name);
      return { content: [{ type: 'text' as const, text: 'ok' }] };
    },
  );
  return server;
}

describe('shrinking (in-process scribbler, a lie on every call)', () => {
  const round = (pool: Awaited<ReturnType<typeof inProcessPool>>, name: fc.Arbitrary<string>) =>
    roundOptions(pool, {
      target: { tool: 'scribble', arbitrary: fc.record({ name }), guard: ANY, fixedArgs: {} },
      effective: effectiveHints(declaredHints({ readOnlyHint: true })),
      open: new Set<HintName>(['readOnlyHint']),
      seed: 3,
      numRuns: 5,
    });

  it('spends no fresh sandbox on a candidate that only changes characters', async () => {
    const started = { count: 0 };
    await using pool = await inProcessPool((fs) => scribbler(fs, started), undefined, 0);
    // Every name has three letters: fast-check's shrinks of one only walk its letters towards "a".
    const letters = fc.string({ unit: fc.constantFrom(...'abcdefgh'), minLength: 3, maxLength: 3 });
    const found = await searchRound(round(pool, letters), (path) => path);
    const evidence = found.contradictions.readOnlyHint;
    expect(evidence).toBeDefined();
    expect(evidence?.shrinks).toBe(0);
    // The search's session and the confirmation's fresh sandbox: no shrink candidate ran.
    expect(started.count).toBe(2);
  });

  it('still shrinks what makes a counterexample smaller: a shorter string', async () => {
    const started = { count: 0 };
    await using pool = await inProcessPool((fs) => scribbler(fs, started), undefined, 0);
    const letters = fc.string({ unit: fc.constantFrom(...'abcdefgh'), minLength: 4, maxLength: 8 });
    const found = await searchRound(round(pool, letters), (path) => path);
    const evidence = found.contradictions.readOnlyHint;
    expect(evidence).toBeDefined();
    expect(String(evidence?.args.name)).toHaveLength(4);
    expect(evidence?.shrinks).toBeGreaterThan(0);
  });
});
