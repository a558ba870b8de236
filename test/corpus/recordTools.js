// Records the tools/list answer of real MCP servers from npm into test/corpus/<package>.tools.json, so the
// generation tests run against real input schemas without spawning the servers.
//
// Usage: node test/corpus/recordTools.js <node_modules directory>
//   e.g. mkdir /tmp/corpus && cd /tmp/corpus && npm install --ignore-scripts @modelcontextprotocol/server-memory …
//        node test/corpus/recordTools.js /tmp/corpus/node_modules
// Every server runs in its own network namespace (`unshare -n`, root or user namespaces needed) with dummy
// credentials: it cannot reach the network, and none of it needs to for tools/list.
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import * as prettier from 'prettier';

/** package → arguments and environment its tools/list needs (placeholders: {dir} = a scratch directory). */
const SERVERS = {
  '@modelcontextprotocol/server-memory': { env: { MEMORY_FILE_PATH: '{dir}/memory.jsonl' } },
  '@modelcontextprotocol/server-everything': { args: ['stdio'] },
  '@modelcontextprotocol/server-postgres': { args: ['postgresql://127.0.0.1:1/none'] },
  '@modelcontextprotocol/server-sequential-thinking': {},
  '@modelcontextprotocol/server-github': { env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'dummy' } },
  '@modelcontextprotocol/server-gitlab': { env: { GITLAB_PERSONAL_ACCESS_TOKEN: 'dummy' } },
  '@modelcontextprotocol/server-brave-search': { env: { BRAVE_API_KEY: 'dummy' } },
  '@modelcontextprotocol/server-slack': { env: { SLACK_BOT_TOKEN: 'dummy', SLACK_TEAM_ID: 'dummy' } },
  '@modelcontextprotocol/server-google-maps': { env: { GOOGLE_MAPS_API_KEY: 'dummy' } },
  '@modelcontextprotocol/server-redis': { args: ['redis://127.0.0.1:1'] },
  'mongodb-mcp-server': { env: { MDB_MCP_TELEMETRY: 'disabled', DO_NOT_TRACK: '1' } },
  'mcp-memory-libsql': { env: { LIBSQL_URL: 'file:{dir}/memory.db' } },
  '@cyanheads/git-mcp-server': { env: { MCP_TRANSPORT_TYPE: 'stdio' } },
};

const modules = process.argv[2];
if (!modules) {
  console.error('usage: node test/corpus/recordTools.js <node_modules directory holding the servers>');
  process.exit(2);
}
try {
  execFileSync('unshare', ['-n', 'true']);
} catch {
  console.error(
    'unshare -n failed: run as root (or with user namespaces) so that no server reaches the network.',
  );
  process.exit(2);
}

for (const [name, { args = [], env = {} }] of Object.entries(SERVERS)) {
  const packageJson = join(modules, name, 'package.json');
  let manifest;
  try {
    manifest = JSON.parse(await readFile(packageJson, 'utf8'));
  } catch {
    console.error(`skipped ${name}: not installed under ${modules}`);
    continue;
  }
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  const directory = await mkdtemp(join(tmpdir(), 'hintproof-record-'));
  const fill = (text) => text.replaceAll('{dir}', directory);
  const client = new Client({ name: 'hintproof-corpus-recorder', version: '0.0.0' });
  try {
    await client.connect(
      new StdioClientTransport({
        command: 'unshare',
        args: ['-n', process.execPath, join(modules, name, bin), ...args.map(fill)],
        env: {
          PATH: process.env.PATH ?? '',
          HOME: directory,
          ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, fill(v)])),
        },
        cwd: directory,
        stderr: 'ignore',
      }),
    );
    const tools = [];
    let cursor;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    const fixture = {
      server: name,
      version: manifest.version,
      tools: tools.map((tool) => ({ name: tool.name, inputSchema: tool.inputSchema })),
    };
    const file = `${name.replace(/^@/, '').replace('/', '__')}.tools.json`;
    const target = fileURLToPath(new URL(file, import.meta.url));
    const options = { ...(await prettier.resolveConfig(target)), filepath: target };
    await writeFile(target, await prettier.format(JSON.stringify(fixture), options));
    console.log(`recorded ${tools.length} tools of ${name}@${manifest.version} into ${file}`);
  } catch (error) {
    console.error(`failed ${name}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await client.close().catch(() => {});
    await rm(directory, { recursive: true, force: true });
  }
}
