import { BLIND_REASON } from '../../../src/engine/policy/blindness.js';
import { describe, expect, it } from 'vitest';
import { runCli } from '../runCli.js';
import { hostile, ISOLATIONS } from './hostile.js';

/**
 * Issue 11 row 13: tool results that are a plain string, `content` that is not a list, a text block without
 * text. From outside: each call is a failed call reported as a malformed result with a sample (never a
 * time-out, never "connection lost"), the server keeps serving the honest tool, exit 0.
 */
const server = hostile('row13-malformed.js');

describe.each(ISOLATIONS)('row 13: malformed tool results ($label)', ({ env, args }) => {
  it('are failed calls named for what they are, with a sample', async () => {
    const result = await runCli(
      ['check', '--runs', '2', '--seed', '1', '--timeout', '5', ...args, '--', 'node', server],
      {
        json: true,
        env,
      },
    );
    expect(result.code).toBe(0);
    const tools = Object.fromEntries(result.report!.tools.map((tool) => [tool.name, tool]));
    for (const [name, sample] of [
      ['plain', 'malformed result (the result is a string, not an object): "a plain string"'],
      ['content', 'malformed result (content: '],
      ['block', 'malformed result (content.0: '],
    ] as const) {
      const tool = tools[name]!;
      expect(tool.calls.errors).toBe(tool.calls.total);
      expect(tool.calls.total).toBe(4);
      expect(tool.sampleError).toContain(sample);
      expect(tool.verdicts.readOnlyHint.status).toBe('inconclusive');
    }
    // The well-formed tool keeps no state: the check is blind, so it is inconclusive for that reason alone
    // (never for the malformed answers of the others).
    expect(tools.fine!.verdicts.readOnlyHint).toEqual({ status: 'inconclusive', reason: BLIND_REASON });
    expect(result.stdout).not.toMatch(/time-out|connection lost|internal error/);
  });
});
