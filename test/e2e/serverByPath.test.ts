import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './runCli.js';

// A package installed in a project under /tmp (hidden from an isolated server but for what hintproof shows),
// started by the absolute path of its entry point from another directory: it must load its own dependencies,
// which sit beside it in the project's node_modules, not inside the package.
const work = mkdtempSync(join(tmpdir(), 'hintproof-by-path-'));
const modules = join(work, 'project', 'node_modules');
mkdirSync(join(modules, 'dep'), { recursive: true });
mkdirSync(join(modules, 'pkg'), { recursive: true });
mkdirSync(join(work, 'elsewhere'));
writeFileSync(
  join(modules, 'dep', 'package.json'),
  JSON.stringify({ name: 'dep', type: 'module', main: 'index.js' }),
);
// The dependency answers MCP itself (newline-delimited JSON-RPC over stdio): an isolated server sees only its
// own project, so nothing of this repository may be imported.
writeFileSync(
  join(modules, 'dep', 'index.js'),
  `import { createInterface } from 'node:readline';
export async function serveTools(name, tools, call) {
  const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\\n');
  for await (const line of createInterface({ input: process.stdin })) {
    const { id, method, params } = JSON.parse(line);
    if (id === undefined) continue;
    if (method === 'initialize')
      send({ id, result: { protocolVersion: params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name, version: '1.0.0' } } });
    else if (method === 'tools/list') send({ id, result: { tools } });
    else if (method === 'tools/call') send({ id, result: { content: [{ type: 'text', text: await call() }] } });
    else send({ id, error: { code: -32601, message: 'no such method' } });
  }
}
`,
);
writeFileSync(
  join(modules, 'pkg', 'package.json'),
  JSON.stringify({ name: 'pkg', type: 'module', dependencies: { dep: '*' } }),
);
writeFileSync(
  join(modules, 'pkg', 'index.js'),
  `import { serveTools } from 'dep';
await serveTools('by-path', [{ name: 'ping', description: 'Answers pong.', inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true } }], async () => 'pong');
`,
);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a server started by absolute path from another directory', () => {
  it('loads its dependencies from its own project (isolated)', async () => {
    const result = await runCli(['check', '--runs', '2', '--', 'node', join(modules, 'pkg', 'index.js')], {
      cwd: join(work, 'elsewhere'),
      json: true,
    });
    expect(result.stderr).not.toMatch(/Cannot find package/);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.report?.settings.isolation).not.toBe('none');
    expect(result.report?.tools.map((tool) => tool.name)).toEqual(['ping']);
  });
});
