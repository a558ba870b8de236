import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { CliResult } from '../runCli.js';
import { runCli } from '../runCli.js';
import { hostile, INVISIBLE_CHAR, ISOLATIONS, scratch } from './hostile.js';

/**
 * Issue 38: a server's text in every message printed inert and bounded, and the protocol's odd cases answered
 * precisely (test/fixtures/hostile/row17-protocol.js, one case per argument). From outside: the message says
 * what the server did, no output line starts with text the server forged, each output stays small, the exit
 * code is the true one, and nothing is an internal error.
 */
const server = hostile('row17-protocol.js');
const work = scratch('row17');
const [isolation] = ISOLATIONS;

/**
 * The fixture's forged lines, none of which may start a line of hintproof's output (hintproof's own summary
 * reads `No hint contradicted in 1 tool · …`, and its own exit line ends the text report).
 */
const FORGED = /^[ \t]*(No hint contradicted in 1 tool$|Exit 0|\\x1b|all clear|starting)/;

function expectInert(result: CliResult): void {
  for (const text of [result.stdout, result.stderr]) {
    expect(text.replace(/\n/g, '')).not.toMatch(INVISIBLE_CHAR);
    expect(text).not.toMatch(/internal error/);
  }
  const forged = (text: string) => text.split('\n').filter((line) => FORGED.test(line));
  expect(forged(result.stderr)).toEqual([]);
  expect(forged(result.stdout)).toEqual(result.code === 0 ? ['Exit 0: no hint contradicted.'] : []);
}

const check = (
  mode: string,
  options: { args?: readonly string[]; env?: Record<string, string>; json?: boolean; cwd?: string } = {},
  extra: readonly string[] = [],
) =>
  runCli(
    [
      'check',
      '--runs',
      '2',
      '--seed',
      '1',
      ...(options.args ?? isolation!.args),
      '--',
      'node',
      server,
      mode,
      ...extra,
    ],
    {
      env: options.env ?? isolation!.env,
      json: options.json ?? false,
      timeoutMs: 240_000,
      ...(options.cwd ? { cwd: options.cwd } : {}),
    },
  );

describe.each(ISOLATIONS)('row 17: a spoofed initialize error ($label)', ({ env, args }) => {
  it('is said as an error answer, on one line, bounded, with the stderr lines inert', async () => {
    const started = Date.now();
    const result = await check('spoof', { env, args });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^hintproof: The server answered initialize with an error \(code -32603\): refused\\nNo hint contradicted in 1 tool\\nExit 0: no hint contradicted\.\\n\\x1b\[32mall clear/,
    );
    // 279 KB of message and 200 KB of stderr, bounded: each part says how much was left out.
    expect(result.stderr).toMatch(/x… \(\d{6} more bytes\)$/m);
    expect(result.stderr.length).toBeLessThan(16_000);
    expect(result.stderr).toMatch(/^ {2}\| starting$/m);
    expect(result.stderr).toMatch(/^ {2}\| y+… \(\d+ more bytes\)$/m);
    expect(result.stderr).not.toMatch(/within \d+s/);
    expectInert(result);
    // Answered at once, not after the start-up time-out.
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

describe('row 17: protocol odds', () => {
  it('an extra key in the JSON-RPC envelope is tolerated: the check runs', async () => {
    const result = await check('envelope', { json: true });
    expect(result.code, result.stderr).toBe(0);
    const [tool] = result.report!.tools;
    expect(tool?.name).toBe('plain');
    expect(tool?.calls.total).toBe(4);
    expect(tool?.calls.errors).toBe(0);
    expectInert(result);
  });

  it('an unknown protocol version is named, with the versions this client speaks', async () => {
    const result = await check('version');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'hintproof: The server answered initialize with protocol version "1999-01-01", which this MCP client ' +
        `does not speak (it speaks ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}).`,
    );
    expect(result.stderr).not.toMatch(/within \d+s/);
    expectInert(result);
  });

  it('5,000 tools are refused past --max-tools with the count and an estimate; --tool chooses one', async () => {
    const started = Date.now();
    const refused = await check('many', {}, ['5000']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^hintproof: The server lists 5000 tools, more than --max-tools 200\. Checking them all at --runs 2 makes 10000 commands \(20000 calls\): at least \d+ (s|min) with --jobs \d+/,
    );
    expect(refused.stderr).toContain('raise --max-tools to 5000');
    expect(Date.now() - started).toBeLessThan(60_000);
    expectInert(refused);

    const lowered = await check('many', { args: [...isolation!.args, '--max-tools', '10'] }, ['50']);
    expect(lowered.code).toBe(2);
    expect(lowered.stderr).toContain('The server lists 50 tools, more than --max-tools 10.');

    const one = await check('many', { args: ['--tool', 'tool_4999', ...isolation!.args], json: true }, [
      '5000',
    ]);
    expect(one.code, one.stderr).toBe(0);
    expect(one.report!.tools.map((tool) => tool.name)).toEqual(['tool_4999']);
  });

  it('two tools with one name: one row, the first checked, the duplicate said in text, Markdown and JSON', async () => {
    const cwd = work();
    const reporters = ['--reporter', 'text,json,markdown,junit,sarif', '--output-dir', 'out'];
    const result = await check('duplicate', { args: [...reporters, ...isolation!.args], cwd });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(cwd, 'out/report.json'), 'utf8')) as {
      tools: Array<{ name: string }>;
      duplicateTools?: unknown;
    };
    expect(report.duplicateTools).toEqual([{ name: 'twin', listed: 2 }]);
    expect(report.tools.filter((tool) => tool.name === 'twin')).toHaveLength(1);
    expect(result.stdout).toMatch(/^twin +[?✓]/m);
    expect(result.stdout.match(/^twin\b/gm)).toHaveLength(1);
    expect(result.stdout).toContain(
      'twin: the server lists 2 tools under this name; the first was checked, the other one was skipped',
    );
    const markdown = readFileSync(join(cwd, 'out/report.md'), 'utf8');
    expect(markdown).toContain('**Duplicate tool names**');
    // The 100 KB forged name is shown inert and bounded in every display output.
    expect(result.stdout).toMatch(/long\\nNo hint contradicted in 1 tool\\nExit 0/);
    expect(result.stdout.length).toBeLessThan(60_000);
    for (const file of ['report.md', 'junit.xml', 'hintproof.sarif']) {
      const text = readFileSync(join(cwd, 'out', file), 'utf8');
      expect(text.length, file).toBeLessThan(60_000);
      expect(
        text.split('\n').filter((line) => FORGED.test(line)),
        file,
      ).toEqual([]);
    }
    expectInert(result);
  });
});

describe.each(ISOLATIONS)(
  'row 17: arguments named __proto__, constructor, prototype ($label)',
  ({ env, args }) => {
    it('arrive as own strings: every call succeeds and nothing is written', async () => {
      const cwd = work();
      const result = await check('proto', { env, args, json: true, cwd });
      expect(result.code, result.stderr).toBe(0);
      const [tool] = result.report!.tools;
      expect(tool?.calls.total).toBe(4);
      expect(tool?.calls.errors, tool?.sampleError).toBe(0);
      expect(tool?.verdicts.readOnlyHint.status).not.toBe('contradicted');
      expectInert(result);
    });
  },
);
