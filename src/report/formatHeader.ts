import type { EngineEvent } from '../model/events.js';
import type { Colors } from './colors.js';
import { shellJoin } from './shellQuote.js';
import { plural } from './plural.js';

export type StartEvent = Extract<EngineEvent, { type: 'start' }>;

/**
 * The lines that open a text report:
 * `hintproof 0.1.0 · notes-scenario 1.0.0 · 9 tools · 25 runs per tool · seed 42` (and the replayed
 * `path`, if any), then the command checked, the isolation and the `--ignore` patterns, if any. A run that
 * was not isolated says so first.
 */
export function formatHeader(start: StartEvent, version: string | undefined, colors: Colors): string[] {
  const { server, settings } = start;
  const parts = [
    colors.bold(version ? `hintproof ${version}` : 'hintproof'),
    server.version ? `${server.name} ${server.version}` : server.name,
    plural(start.tools.length, 'tool'),
    `${settings.runs} runs per tool`,
  ];
  if (settings.maxCommands > 1) parts.push(`sessions of up to ${settings.maxCommands} calls`);
  parts.push(`seed ${settings.seed}`);
  if (settings.path !== undefined) parts.push(`path "${settings.path}"`);
  const lines = [parts.join(' · '), colors.dim(`command: ${shellJoin(start.command)}`)];
  if (start.package !== undefined) lines.push(colors.dim(`package: ${formatPackage(start.package)}`));
  // Running a stranger's code unconfined is worth the first line.
  if (settings.isolation === 'none') {
    lines.unshift(
      colors.yellow(
        `⚠ Not isolated (${settings.isolationNote ?? 'no isolation'}): the server ran with your filesystem and network.`,
      ),
      ...(settings.unobserved === undefined ? [] : [colors.yellow(`⚠ Unobserved: ${settings.unobserved}.`)]),
    );
  } else if (settings.isolation === 'bubblewrap' || settings.isolation === 'unshare') {
    lines.push(
      colors.dim(
        `isolation: ${settings.isolation} (own network namespace, read-only host, private HOME and TMPDIR)`,
      ),
      // What the sandbox lacks on this host (address families not filtered).
      ...(settings.isolationNote === undefined ? [] : [colors.yellow(`⚠ ${settings.isolationNote}.`)]),
    );
  }
  if (settings.postgres !== undefined) {
    // A superuser of a cluster on the host reaches the host: worth the colour of the isolation warning.
    const onHost = /not sandboxed/.test(settings.postgres) && !/no superuser/.test(settings.postgres);
    lines.push((onHost ? colors.yellow : colors.dim)(`postgres: ${settings.postgres}`));
  }
  if (settings.ignore.length > 0) lines.push(colors.dim(`ignoring: ${settings.ignore.join(', ')}`));
  return lines;
}

/** `tiny-notes-mcp 1.4.2 (installed by hintproof, outside the sandbox)`. */
function formatPackage(found: NonNullable<StartEvent['package']>): string {
  const from = {
    project: "this project's node_modules",
    cache: "hintproof's cache",
    installed: 'installed by hintproof, outside the sandbox',
  }[found.from];
  return `${found.name} ${found.version} (${from})`;
}
