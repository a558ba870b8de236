import { symlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Mount, Overlay, SpawnOptions } from '../../../harness/process/index.js';
import { insidePath } from '../../../harness/process/index.js';

/**
 * The launched package's own directory as a session runs it: its run's copy (`{pkg}`, made by the `pkg`
 * environment) in place of the installed one, writable, so that a server keeping its data beside its code
 * (`memory.jsonl` next to `dist/index.js`) works as it does in a client's npx cache, and what it writes there
 * is observed like `{fs}`. Its dependencies stay the installed, read-only ones.
 */
export interface PackageCopy {
  /** The installed package's own directory (host, real path): what the copy stands in for. */
  readonly installed: string;
  /** The run's copy (`{pkg}`). */
  readonly copy: string;
}

/**
 * For an isolated server: the copy laid writable over the package where the server sees it (at its relocated
 * path, `/opt/mcp-server/node_modules/<name>`), so that its files keep their paths and its imports resolve
 * through the read-only tree around it.
 */
export function packageOverlays(
  copy: PackageCopy | undefined,
  relocate: Mount | undefined,
): readonly Overlay[] {
  if (copy === undefined) return [];
  return [{ host: copy.copy, inside: insidePath(copy.installed, relocate), writable: true }];
}

/**
 * For a server that is not isolated (no mounts): its command and arguments pointed into the copy, and a
 * `node_modules` link beside the copy (in the run directory, the server's own) to the installed package's
 * `node_modules`, where Node looks for its dependencies from the copy's path upwards.
 */
export async function runFromCopy(spawn: SpawnOptions, copy: PackageCopy | undefined): Promise<SpawnOptions> {
  if (copy === undefined) return spawn;
  const modules = enclosingModules(copy.installed);
  if (modules !== undefined) await symlink(modules, join(dirname(copy.copy), 'node_modules'));
  const moved = (word: string) => insidePath(word, { host: copy.installed, inside: copy.copy });
  return { ...spawn, command: moved(spawn.command), args: spawn.args.map(moved) };
}

/** The `node_modules` directory a package lies in (`…/node_modules/@scope/name` → `…/node_modules`). */
function enclosingModules(packageDirectory: string): string | undefined {
  for (let dir = dirname(packageDirectory); dir !== dirname(dir); dir = dirname(dir)) {
    if (basename(dir) === 'node_modules') return dir;
  }
  return undefined;
}
