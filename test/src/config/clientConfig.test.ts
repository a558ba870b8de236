import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readClientConfig } from '../../../src/config/clientConfig.js';
import { intoSandbox } from '../../../src/config/intoSandbox.js';

const work = mkdtempSync(join(tmpdir(), 'hintproof-client-config-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const options = { env: { GH: 'ghp_fromtheenv' }, home: '/home/ada' };

function write(path: string, text: string): string {
  const file = join(work, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe('readClientConfig', () => {
  it("reads Claude Desktop's mcpServers: command, args, env; secret env values are secrets", () => {
    const file = write(
      'claude_desktop_config.json',
      JSON.stringify({
        mcpServers: {
          memory: {
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-memory'],
            env: { MEMORY_FILE_PATH: '/home/ada/m.jsonl' },
          },
          db: { command: 'npx', args: ['-y', 'pg-server', 'postgresql://ada:hunter22@db.local/app'] },
        },
      }),
    );
    const config = readClientConfig(file, options);
    expect(config.layout).toBe('mcpServers');
    expect(config.servers.map((s) => s.name)).toEqual(['memory', 'db']);
    expect(config.servers[0]).toMatchObject({
      transport: 'stdio',
      command: 'npx',
      env: { MEMORY_FILE_PATH: '/home/ada/m.jsonl' },
      secrets: [],
    });
    expect(config.servers[1]?.secrets).toEqual(['hunter22']);
  });

  it('takes as secrets the values of keys that name one and values that look generated, not names, paths or hosts', () => {
    const env = {
      MYSQL_USER: 'root',
      MYSQL_HOST: '127.0.0.1',
      MYSQL_PORT: '3306',
      DB_HOST: 'db.internal:5432',
      MODE: 'production',
      DATA_DIR: '/root/.cache/data',
      MYSQL_PASSWORD: 'pw12',
      STRIPE_API_KEY: 'plainword',
      GH: 'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
      JWT: `eyJhbGciOiJIUzI1NiJ9.${'eyJzdWIiOiIxMjM0NTY3ODkwIn0'.repeat(3)}.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c`,
    };
    const file = write('secrets.json', JSON.stringify({ mcpServers: { db: { command: 'node', env } } }));
    const secrets = readClientConfig(file, options).servers[0]?.secrets ?? [];
    expect([...secrets].sort()).toEqual([env.GH, env.JWT, 'plainword', 'pw12'].sort());
  });

  it("reads VS Code's mcp.json (JSONC): servers, type, inputs and variables", () => {
    const file = write(
      'project/.vscode/mcp.json',
      `{
        // comments and trailing commas are fine
        "inputs": [{ "type": "promptString", "id": "token", "password": true, "default": "tok_default_1" }],
        "servers": {
          "gh": { "type": "stdio", "command": "node", "args": ["\${workspaceFolder}/server.js", "--home=\${userHome}"],
                  "env": { "TOKEN": "\${input:token}", "OTHER": "\${env:GH}", "ASK": "\${input:missing}" } },
          "remote": { "type": "http", "url": "https://example.invalid/mcp" },
        },
      }`,
    );
    const config = readClientConfig(file, options);
    expect(config.layout).toBe('servers');
    const [gh, remote] = config.servers;
    expect(gh?.args).toEqual([join(work, 'project/server.js'), '--home=/home/ada']);
    expect(gh?.env).toEqual({
      TOKEN: 'tok_default_1',
      OTHER: 'ghp_fromtheenv',
      ASK: 'hintproof-input-missing',
    });
    expect(gh?.secrets).toEqual(expect.arrayContaining(['tok_default_1', 'ghp_fromtheenv']));
    expect(remote).toMatchObject({ transport: 'http', url: 'https://example.invalid/mcp' });
  });

  it('says what is wrong with a file it cannot use', () => {
    expect(() => readClientConfig(join(work, 'none.json'), options)).toThrow(/no such file/);
    expect(() => readClientConfig(write('bad.json', '{ "mcpServers": { '), options)).toThrow(
      /is not valid JSON: .* on line 1/,
    );
    expect(() => readClientConfig(write('other.json', '{ "a": 1 }'), options)).toThrow(/has no MCP servers/);
    expect(() =>
      readClientConfig(write('noc.json', '{ "mcpServers": { "x": { "args": [] } } }'), options),
    ).toThrow(/server "x" has no "command"/);
  });
});

describe('intoSandbox', () => {
  it('points host folders, files and database URLs at the sandbox and leaves code alone', () => {
    const folder = mkdtempSync(join(work, 'data-'));
    const result = intoSandbox(
      [
        '-y',
        'server',
        folder,
        '--db-path=/srv/data/app.db',
        '--directory',
        '/srv/code',
        'main.py',
        '/srv/run.py',
        'postgres://u@h/db',
      ],
      { MEMORY_FILE_PATH: '/home/ada/memory.jsonl', MODE: 'fast' },
    );
    expect(result.args).toEqual([
      '-y', 'server', '{fs}', '--db-path={fs}/app.db', '--directory', '/srv/code', 'main.py', '/srv/run.py', '{pg}',
    ]); // prettier-ignore
    expect(result.env).toEqual({ MEMORY_FILE_PATH: '{fs}/memory.jsonl', MODE: 'fast' });
    expect(result.redirects.map((r) => r.where)).toEqual([
      'args[2]',
      'args[3]',
      'args[8]',
      'env.MEMORY_FILE_PATH',
    ]);
  });
});
