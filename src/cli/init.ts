import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SetupError } from '../model/setupError.js';
import type { Io } from './io.js';

/** The starter `hintproof init` writes: every setting, commented, with the defaults it would use. */
const STARTER_CONFIG = `import { defineConfig } from 'hintproof';

// hintproof.config.ts: read by "hintproof check" from this directory. Flags on the command line override it.
export default defineConfig({
  // The MCP server to check, over stdio. {fs} becomes each run's sandbox directory
  // ({pg}, {pg.host}, {pg.port}, {pg.user}, {pg.password}, {pg.database} its database).
  server: {
    command: 'node',
    args: ['server.js', '{fs}'],
    // env: { DATA_DIR: '{fs}' },
  },

  // What each run starts from; paths are relative to this file.
  environments: {
    // fs: './fixtures/notes',          // copied into a fresh {fs} per run (default: empty)
    // pg: './fixtures/seed.sql',       // loaded once, copied per run ({ seed, provider: 'embedded' | 'url' | 'docker', url })
  },

  // runs: 25,                          // runs per tool: a fresh sandbox, then the tool called twice
  // seed: 42,                          // fix the fast-check seed (default: random, printed)
  // timeout: 10,                       // seconds per tool call
  // startupTimeout: 30,                // seconds the server may take to answer initialize, and to list its tools
  // client: { name: 'mcp-client', version: '1.0.0' }, // clientInfo sent at initialize (never says hintproof)

  // Changes left out of every verdict. Nothing is ignored by default.
  // ignore: ['fs:**/*.log', 'pg:public.audit_log', 'pg:*.updated_at'],

  // Per tool: more or fewer commands, and arguments fixed for every call.
  // tools: {
  //   delete_note: { runs: 50 },
  //   edit_file: { args: { dryRun: false } },
  // },

  // reporter: ['text', 'junit', 'sarif', 'markdown'],
  // outputDir: 'hintproof-report',
  // baseline: 'hintproof.baseline.json',
});
`;

/** `hintproof init [file]`: writes the starter, never over an existing file. */
export function init(file: string | undefined, io: Io): number {
  const target = resolve(io.cwd, file ?? 'hintproof.config.ts');
  if (existsSync(target)) {
    throw new SetupError(
      `init: ${target} already exists; nothing was written. Edit it, or remove it and run init again.`,
    );
  }
  writeFileSync(target, STARTER_CONFIG);
  io.stdout(`Wrote ${target}. Set server.command and environments, then run: hintproof check\n`);
  return 0;
}
