import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredHints, effectiveHints } from '../../../../src/hints/effectiveHints.js';
import type { HintName } from '../../../../src/model/hints.js';
import type { CallGenerator, RoundOptions } from '../../../../src/engine/search/roundOptions.js';
import { searchRound } from '../../../../src/engine/search/searchRound.js';
import { parseSessionPath } from '../../../../src/engine/run/sessionPath.js';
import type { SessionPool } from '../../../../src/engine/session/sessionPool.js';
import { ANY, inProcessPool, roundOptions } from '../inProcessServers.js';

/**
 * A ledger of files: `make` creates one, `stamp` claims to be idempotent and appends a line to the file it
 * names (a lie on any file that exists). With `seeded`, each server starts with `f0` in place, so a stamp of
 * `f0` contradicts the claim from a fresh sandbox with no call before it.
 */
function ledger(fs: string, seeded: boolean): McpServer {
  if (seeded && !existsSync(join(fs, 'f'))) writeFileSync(join(fs, 'f'), '');
  const server = new McpServer({ name: 'ledger', version: '1.0.0' });
  const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
  const plain = (name: string) => /^fx{0,9}$/.test(name);
  server.registerTool(
    'make',
    { inputSchema: { name: z.string() }, annotations: { destructiveHint: false, idempotentHint: true } },
    ({ name }) => {
      if (!plain(name) || existsSync(join(fs, name))) return { ...text('refused'), isError: true };
      writeFileSync(join(fs, name), '');
      return text(`made ${name}`);
    },
  );
  server.registerTool(
    'stamp',
    { inputSchema: { name: z.string() }, annotations: { destructiveHint: false, idempotentHint: true } },
    ({ name }) => {
      if (!plain(name) || !existsSync(join(fs, name))) return { ...text(`no file ${name}`), isError: true };
      appendFileSync(join(fs, name), 'stamped\n');
      return text(`stamped ${name}`);
    },
  );
  return server;
}

/** Calls to `tool` naming `f0` … `f9`: fast-check shrinks the name towards `f0`. */
function naming(tool: string): CallGenerator {
  return {
    tool,
    arbitrary: fc.record({ name: fc.integer({ min: 0, max: 9 }).map((n) => `f${'x'.repeat(n)}`) }),
    guard: ANY,
    fixedArgs: {},
  };
}

function round(pool: SessionPool, seed: number): RoundOptions {
  return roundOptions(pool, {
    target: naming('stamp'),
    preamble: [{ ...naming('make'), weight: 1 }],
    producers: ['make'],
    effective: effectiveHints(declaredHints({ destructiveHint: false, idempotentHint: true })),
    open: new Set<HintName>(['idempotentHint']),
    seed,
  });
}

const replay = (path: string) => `replay ${path}`;

describe('a contradiction confirmed after session history, then shrunk (in-process ledger server)', () => {
  it('is reported without the history when its shrunk counterexample holds on a fresh sandbox alone', async () => {
    await using pool = await inProcessPool((fs) => ledger(fs, true));
    // Seed 10 finds the lie on a file the session made six calls earlier; shrinking names the seeded `f`.
    const found = await searchRound(round(pool, 10), replay);
    const evidence = found.contradictions.idempotentHint;
    expect(evidence?.args).toEqual({ name: 'f' });
    if (evidence === undefined) return;
    const path = parseSessionPath(evidence.path);
    expect(path?.kept).toBeUndefined();
    expect(path?.sessionStart).toBeUndefined();
    expect(evidence.preamble ?? []).toEqual([]);
    expect(evidence.changes.map((change) => change.entity)).toEqual(['f']);
    // Its path replays it as reported: the command alone on a fresh sandbox.
    const again = await searchRound({ ...round(pool, 10), path: path ?? { fcPath: '' }, numRuns: 1 }, replay);
    expect({ ...again.contradictions.idempotentHint, shrinks: 0 }).toEqual({ ...evidence, shrinks: 0 });
  });

  it('keeps the history when the shrunk counterexample needs it', async () => {
    // No seeded `f`: every file the lie can be shown on is one the session made.
    await using pool = await inProcessPool((fs) => ledger(fs, false));
    const found = await searchRound(round(pool, 10), replay);
    const evidence = found.contradictions.idempotentHint;
    expect(evidence).toBeDefined();
    const path = parseSessionPath(evidence?.path ?? '');
    expect(path?.kept?.length).toBeGreaterThan(0);
    const made = (evidence?.preamble ?? []).map((step) => `${step.tool} ${String(step.args.name)}`);
    expect(made).toContain(`make ${String(evidence?.args.name)}`);
  });
});
