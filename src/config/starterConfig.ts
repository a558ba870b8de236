import { CONFIG_SETTINGS } from './settingsInConfig.js';

const HEAD = `import { defineConfig } from 'hintproof';

// hintproof.config.ts: read by "hintproof check" from this directory. Flags on the command line override it.
// Paths are relative to this file.
export default defineConfig({
  // The MCP server to check, over stdio. {fs} becomes each run's sandbox directory
  // ({pg}, {pg.host}, {pg.port}, {pg.user}, {pg.password}, {pg.database} its database).
  server: {
    command: 'node',
    args: ['server.js', '{fs}'],
    // env: { DATA_DIR: '{fs}' },
  },
`;

const TAIL = `
  // Per tool: more or fewer commands, and arguments fixed for every call.
  // tools: {
  //   delete_note: { runs: 50 },
  //   edit_file: { args: { dryRun: false } },
  // },
});
`;

/**
 * The starter `hintproof init` writes: the server, then every setting of the table with a config key,
 * commented, showing its default (or an example) and its note, nested as the config nests it.
 */
export function starterConfig(): string {
  const lines: string[] = [];
  const open: string[] = [];
  for (const { key, entry } of CONFIG_SETTINGS) {
    const parts = key.split('.');
    const parents = parts.slice(0, -1);
    while (open.length > 0 && open.join('.') !== parents.slice(0, open.length).join('.')) close(lines, open);
    while (open.length < parents.length) {
      const part = parents[open.length] ?? '';
      lines.push(`${indent(open.length)}${part}: {`);
      open.push(part);
    }
    const value = entry.default ?? entry.config?.example;
    const line = `${indent(open.length)}// ${parts.at(-1) ?? key}: ${literal(value)},`;
    const note = entry.config?.note;
    lines.push(note === undefined ? line : `${line.padEnd(40)} // ${note}`);
  }
  while (open.length > 0) close(lines, open);
  return `${HEAD}\n${lines.join('\n')}\n${TAIL}`;
}

function close(lines: string[], open: string[]): void {
  open.pop();
  lines.push(`${indent(open.length)}},`);
}

function indent(depth: number): string {
  return '  '.repeat(depth + 1);
}

/** A value as TypeScript source, strings single-quoted. */
function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/[\\']/g, '\\$&')}'`;
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  return String(value);
}
