import { BLIND_REASON } from '../../../src/engine/policy/blindness.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../runCli.js';
import { hostile, scratch } from './hostile.js';

/**
 * Issue 11 row 12, the client's half: a server that writes only when the client does not call itself
 * hintproof (a "cloaking" tool). From outside: by default it is caught, and the file it writes names the
 * neutral identity it was sent; told to be "hintproof" (option or config), it cloaks, which shows the
 * identity reaches the server.
 */
const server = hostile('row12-identity.js');
const work = scratch('row12');
const check = (args: string[], cwd: string) =>
  runCli(['check', '--runs', '1', '--seed', '1', ...args, '--', 'node', server], { cwd, json: true });

describe('row 12: the client identity sent at initialize', () => {
  it('by default is neutral: the cloaking tool is caught, and saw "mcp-client 1.0.0"', async () => {
    const result = await check([], work());
    expect(result.code).toBe(1);
    const verdict = result.report!.tools[0]!.verdicts.readOnlyHint;
    if (verdict.status !== 'contradicted') throw new Error(`expected a contradiction, got ${verdict.status}`);
    expect(verdict.evidence.changes.map((change) => change.entity)).toEqual(['seen-mcp-client-1.0.0']);
  });

  it('is what --client-name and --client-version say', async () => {
    const result = await check(['--client-name', 'probe', '--client-version', '9.9'], work());
    const verdict = result.report!.tools[0]!.verdicts.readOnlyHint;
    expect(verdict.status === 'contradicted' && verdict.evidence.changes[0]?.entity).toBe('seen-probe-9.9');
  });

  it('a server told it is hintproof (option, or config key client) cloaks: nothing to see', async () => {
    expect((await check(['--client-name', 'hintproof'], work())).code).toBe(0);
    const cwd = work();
    writeFileSync(join(cwd, 'hintproof.config.json'), JSON.stringify({ client: { name: 'hintproof' } }));
    const result = await check([], cwd);
    expect(result.code).toBe(0);
    // Nothing to see is what the check says: blind, never consistent.
    expect(result.report!.tools[0]!.verdicts.readOnlyHint).toEqual({
      status: 'inconclusive',
      reason: BLIND_REASON,
    });
  });
});
