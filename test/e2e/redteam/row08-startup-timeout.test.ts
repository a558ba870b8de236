import { describe, expect, it } from 'vitest';
import { runCli } from '../runCli.js';
import { hostile } from './hostile.js';

/**
 * Issue 11 row 8: a server that never answers initialize, never answers tools/list, or pages tools/list
 * forever, slowly. From outside: hintproof ends within --startup-timeout (2 s here, 60 s before) with a
 * set-up error naming what did not come, exit 2, never "internal error". The CLI must finish well inside
 * the 40 s runCli allows (start-up of node and the sandbox included), or the test fails.
 */
const server = hostile('row08-silent.js');
const check = (mode: string) =>
  runCli(['check', '--runs', '1', '--startup-timeout', '2', '--', 'node', server, mode], {
    timeoutMs: 25_000,
  });

describe('row 8: start-up is bounded by --startup-timeout', () => {
  it.each([
    [
      'initialize',
      /^hintproof: The server did not complete initialize within 2s \(MCP error -32001: Request timed out\)\./,
    ],
    [
      'list',
      /^hintproof: The server did not finish answering tools\/list within 2s \(--startup-timeout; page 1; 0 tools received before it\)\. If it is slow to list its tools, raise --startup-timeout\./,
    ],
    [
      'pages',
      /^hintproof: The server did not finish answering tools\/list within 2s \(--startup-timeout; page \d+; \d+ tools received before it\)/,
    ],
  ])('a server that never finishes %s: exit 2, naming what timed out', async (mode, message) => {
    const result = await check(mode);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toContain('internal error');
  });
});
