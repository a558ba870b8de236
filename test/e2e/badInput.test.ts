import { chmodSync, existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtures, runCli } from './runCli.js';

const scratch = mkdtempSync(join(tmpdir(), 'hintproof-bad-input-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every set-up error: exit 2, one clear message on stderr, no stack trace, no hang. */
function expectSetupError(result: { code: number | null; stderr: string }, ...phrases: RegExp[]): void {
  expect(result.code).toBe(2);
  for (const phrase of phrases) expect(result.stderr).toMatch(phrase);
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
}

describe('bad input', () => {
  it('a command that does not exist', async () => {
    const result = await runCli(['check', '--', 'no-such-server-binary', '{fs}'], { timeoutMs: 30_000 });
    expectSetupError(result, /command "no-such-server-binary" was not found/, /full path/);
  });

  it('a server that exits before initialize: its stderr tail is shown', async () => {
    const result = await runCli(['check', '--', 'node', join(fixtures, 'exits-early.js')], {
      timeoutMs: 30_000,
    });
    expectSetupError(
      result,
      /exited with code 3 before answering initialize/,
      /fatal: DATABASE_URL is not set/,
    );
  });

  it('a server whose native addon is missing: says install scripts build it, and how to allow them', async () => {
    const result = await runCli(['check', '--', 'node', join(fixtures, 'needs-addon.js')], {
      timeoutMs: 30_000,
    });
    expectSetupError(
      result,
      /exited with code 1 before answering initialize/,
      /could not load a native addon .* --allow-install-scripts/s,
    );
  });

  it("a server that refuses the sandbox's place: says so, and --work-dir gives it another", async () => {
    const command = [
      '--env',
      `REFUSE_UNDER=${realpathSync(tmpdir())}`,
      '--',
      'node',
      join(fixtures, 'refuses-tmp.js'),
      '{fs}',
    ];
    const refused = await runCli(['check', ...command], { timeoutMs: 30_000 });
    expectSetupError(
      refused,
      /exited with code 1 before answering initialize/,
      /points to a system directory/,
      /Its message names the sandbox, made under .*--work-dir DIR/s,
    );
    const elsewhere = mkdtempSync('/var/tmp/hintproof-work-dir-');
    chmodSync(elsewhere, 0o755);
    try {
      const moved = await runCli(['check', '--runs', '2', '--work-dir', elsewhere, ...command], {
        json: true,
        timeoutMs: 60_000,
      });
      expect(moved.stderr).toBe('');
      expect(moved.code).toBe(0);
      expect(moved.report?.tools.map((tool) => tool.name)).toEqual(['list']);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('a program whose stdout is not MCP: the offending lines are shown', async () => {
    const result = await runCli(
      ['check', '--startup-timeout', '3', '--', 'node', join(fixtures, 'not-mcp.js')],
      {
        timeoutMs: 30_000,
      },
    );
    expectSetupError(
      result,
      /not MCP \(JSON-RPC\) messages/,
      /hello from a program that is not an MCP server/,
    );
  });

  it('a server with zero tools', async () => {
    const result = await runCli(['check', '--', 'node', join(fixtures, 'zero-tools.js')], {
      timeoutMs: 30_000,
    });
    expectSetupError(result, /lists no tools/);
  });

  it('a missing --fs directory, and an --fs that is a file', async () => {
    const missing = await runCli(['check', '--fs', join(scratch, 'nope'), '--', 'node', 'x.js'], {
      timeoutMs: 30_000,
    });
    expectSetupError(missing, /does not exist/, /omit --fs/);
    const file = join(scratch, 'file.txt');
    writeFileSync(file, 'x');
    const notDirectory = await runCli(['check', '--fs', file, '--', 'node', 'x.js'], { timeoutMs: 30_000 });
    expectSetupError(notDirectory, /file\.txt/);
  });

  it('unknown flags and malformed values', async () => {
    expectSetupError(
      await runCli(['check', '--frobnicate', '--', 'node', 'x.js']),
      /unknown option '--frobnicate'/,
    );
    expectSetupError(await runCli(['check', '--runs', 'many', '--', 'node', 'x.js']), /received "many"/);
    expectSetupError(await runCli(['check', '--env', 'NOEQUALS', '--', 'node', 'x.js']), /KEY=VALUE/);
    expectSetupError(
      await runCli(['check', '--path', '3:1', '--', 'node', 'x.js']),
      /needs exactly one --tool/,
    );
  });

  it('an option in place of a file name is refused, nothing written under its name', async () => {
    const result = await runCli(['check', '--json', '--output-dir', scratch, '--', 'node', 'x.js'], {
      cwd: scratch,
    });
    expectSetupError(result, /received the option "--output-dir"/, /--json report\.json/);
    expect(existsSync(join(scratch, '--output-dir'))).toBe(false);
    expectSetupError(await runCli(['check', '--fs', '--json', 'r.json', '--', 'node', 'x.js']), /--fs seed/);
  });

  it('a --json file in a directory that does not exist fails before any work', async () => {
    const result = await runCli(['check', '--json', join(scratch, 'no/dir/r.json'), '--', 'node', 'x.js']);
    expectSetupError(result, /does not exist/);
  });

  it('an --output-dir that cannot be made fails at once, SIGTERM-able, naming the path', async () => {
    const server = ['--', 'node', join(fixtures, 'bad-schema.js')];
    for (const [dir, phrase] of [
      ['/proc/nope', /cannot create \/proc\/nope \(ENOENT\)/],
      [join(scratch, 'a-file/sub'), /a-file is not a directory/],
    ] as const) {
      if (dir.includes('a-file')) writeFileSync(join(scratch, 'a-file'), '');
      const started = Date.now();
      const result = await runCli(['check', '--reporter', 'json', '--output-dir', dir, ...server], {
        timeoutMs: 30_000,
      });
      expectSetupError(result, new RegExp(`--output-dir ${dir.replaceAll('/', '\\/')}`), phrase);
      expect(Date.now() - started).toBeLessThan(25_000);
    }
  });

  it('--pg-url with nothing asking for a database, and malformed --ignore patterns, are refused', async () => {
    const server = ['--', 'node', join(fixtures, 'bad-schema.js')];
    expectSetupError(
      await runCli(['check', '--pg-url', 'postgres://u:secret@127.0.0.1:1/x', ...server]),
      /--pg-url postgres:\/\/u:\*\*\*@127\.0\.0\.1:1\/x: .*no --pg seed and no \{pg\} placeholder/s,
    );
    expectSetupError(await runCli(['check', '--ignore', '[', ...server]), /"\[" at column 1 is never closed/);
    expectSetupError(
      await runCli(['check', '--ignore', 'fz:**', ...server]),
      /no environment is called "fz"/,
    );
    expectSetupError(
      await runCli(['check', '--ignore', 'fs:', ...server]),
      /the pattern after the environment is empty/,
    );
  });

  it('an unknown --tool names the tools the server has', async () => {
    const result = await runCli(['check', '--tool', 'nope', '--', 'node', join(fixtures, 'bad-schema.js')]);
    expectSetupError(result, /"nope": no such tool/, /weird, echo/);
  });

  it('--help answers with usage, placeholders and exit codes', async () => {
    const result = await runCli(['check', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Usage: hintproof check/);
    expect(result.stdout).toMatch(/\{fs\}/);
    expect(result.stdout).toMatch(/Exit codes: 0/);
  });
});
