import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { CheckArguments } from '../../../src/cli/checkArguments.js';
import { replayLine } from '../../../src/cli/replayLine.js';
import { DEFAULTS } from '../../../src/settings/checkSettings.js';
import { shellQuote } from '../../../src/report/shellQuote.js';

const base: CheckArguments = {
  ...DEFAULTS,
  command: 'node',
  args: ['server.js', '{fs}'],
  env: {},
  tool: [],
  ignore: [],
  appendArg: [],
  verbose: false,
};

describe('replayLine', () => {
  it('keeps what shapes the run, adds tool, seed and path, and leaves placeholders readable', () => {
    const args = { ...base, fs: './notes', env: { DATA: '{fs}/data' }, ignore: ['fs:**/*.log'], timeout: 3 };
    expect(replayLine(args, 'read_note', 42, '7:0', undefined, '/home/me/project')).toBe(
      "hintproof check --fs /home/me/project/notes --env DATA={fs}/data --ignore 'fs:**/*.log' --timeout 3 --tool read_note --seed 42 --path 7:0 -- node server.js {fs}",
    );
  });

  it('names the config files (absolute) and every option that shaped the run, so it replays from anywhere', () => {
    const args = {
      ...base,
      config: 'hintproof.config.ts',
      runs: 40,
      calibration: 100,
      isolation: false,
      allowInstallScripts: true,
      workDir: 'sandboxes',
    };
    expect(replayLine(args, 't', 1, '0:0', ['make', 'link'], '/p')).toBe(
      'hintproof check --config /p/hintproof.config.ts --runs 40 --calibration 100 --no-isolation ' +
        '--allow-install-scripts --work-dir /p/sandboxes --tool t --seed 1 --path 0:0 --producers make,link ' +
        '-- node server.js {fs}',
    );
  });

  it('keeps --pg-superuser after the pg options: a replay connects the server as the same role', () => {
    const args = { ...base, args: ['server.js', '{pg}'], pg: 'seed.sql', pgSuperuser: true };
    expect(replayLine(args, 'q', 5, '0', undefined, '/p')).toBe(
      'hintproof check --pg /p/seed.sql --pg-superuser --tool q --seed 5 --path 0 -- node server.js {pg}',
    );
  });

  it('with a client config, re-reads it instead of inlining its command and env', () => {
    const args = {
      ...base,
      command: '',
      args: [],
      clientConfig: '.vscode/mcp.json',
      server: 'notes',
      intoSandbox: true,
      appendArg: ['{fs}'],
    };
    expect(replayLine(args, 'save', 3, '1', [], '/p')).toBe(
      'hintproof check --client-config /p/.vscode/mcp.json --server notes --into-sandbox --append-arg {fs} ' +
        '--tool save --seed 3 --path 1 --producers none',
    );
  });

  it('writes a control or invisible character as an ANSI-C escape that bash reads back to the same argument', () => {
    const hostile = ["a\x1b[2Jb\nc'd\\e", '\u202eevil\u{e0041}', '\x7f\x85 x'];
    expect(shellQuote(hostile[0]!)).toBe("$'a\\x1b[2Jb\\x0ac\\'d\\\\e'");
    for (const arg of hostile) {
      const quoted = shellQuote(arg);
      expect(quoted).not.toMatch(/[\p{Cc}\p{Cf}]/u);
      const echoed = spawnSync('bash', ['-c', `printf %s ${quoted}`], { encoding: 'utf8' }).stdout;
      expect(echoed).toBe(arg);
    }
  });

  it('introduces itself to the server as the checked run did', () => {
    expect(replayLine({ ...base, clientName: 'claude-ai', clientVersion: '0.1' }, 't', 1, '0')).toBe(
      'hintproof check --client-name claude-ai --client-version 0.1 --tool t --seed 1 --path 0 -- node server.js {fs}',
    );
  });

  it('quotes what a shell would split or expand', () => {
    expect(shellQuote("it's a b")).toBe(`'it'\\''s a b'`);
    expect(shellQuote('')).toBe(`''`);
    expect(shellQuote('$HOME')).toBe(`'$HOME'`);
  });
});
