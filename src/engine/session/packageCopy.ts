import { lstatSync } from 'node:fs';
import { rmdir, symlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Mount, Overlay, SpawnOptions } from '../../../harness/process/index.js';
import { insidePath } from '../../../harness/process/index.js';

/**
 * The launched package's own directory as a session runs it: its run's copy (`{pkg}`, made by the `pkg`
 * environment) in place of the installed one, writable, so that a server keeping its data beside its code
 * (`memory.jsonl` next to `dist/index.js`) works as it does in a client's npx cache, and what it writes there
 * is observed like `{fs}`. Its dependencies stay the installed, read-only ones, nested ones included: the
 * copy's `node_modules` is made empty (see the engine's `hollow`), and filled here from the installed one.
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
 * through the read-only tree around it; its nested `node_modules`, when it has one, laid read-only over the
 * copy's empty one, at the same path (a link would move its dependencies' own look-ups elsewhere).
 */
export function packageOverlays(
  copy: PackageCopy | undefined,
  relocate: Mount | undefined,
): readonly Overlay[] {
  if (copy === undefined) return [];
  const inside = insidePath(copy.installed, relocate);
  const nested = nestedModules(copy.installed);
  return [
    { host: copy.copy, inside, writable: true },
    ...(nested === undefined
      ? []
      : [{ host: nested, inside: join(inside, 'node_modules'), writable: false }]),
  ];
}

/**
 * For a server that is not isolated (no mounts): its command and arguments pointed into the copy, and a
 * `node_modules` link beside the copy (in the run directory, the server's own) to the installed package's
 * `node_modules`, where Node looks for its dependencies from the copy's path upwards; and the copy's empty
 * nested `node_modules`, when the package has one, made a link to the installed one (Node follows it to the
 * real path, from which those dependencies find theirs).
 */
export async function runFromCopy(spawn: SpawnOptions, copy: PackageCopy | undefined): Promise<SpawnOptions> {
  if (copy === undefined) return spawn;
  const modules = enclosingModules(copy.installed);
  if (modules !== undefined) await symlink(modules, join(dirname(copy.copy), 'node_modules'));
  const nested = nestedModules(copy.installed);
  if (nested !== undefined) {
    await rmdir(join(copy.copy, 'node_modules'));
    await symlink(nested, join(copy.copy, 'node_modules'));
  }
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

/** The package's own `node_modules` directory (bundled or nested dependencies), when it has one that is no link. */
function nestedModules(packageDirectory: string): string | undefined {
  const path = join(packageDirectory, 'node_modules');
  return lstatSync(path, { throwIfNoEntry: false })?.isDirectory() === true ? path : undefined;
}
