import type { Mount } from './sandboxPaths.js';

/**
 * Where an installed package is shown inside the sandbox: a neutral place, not the cache's host path (a path
 * in argv or in a stack trace that names the tool running it would tell a server it is under test).
 */
export const PACKAGE_INSIDE = '/opt/mcp-server';

/** `path` as the sandbox sees it when `mount` shows its host directory elsewhere; unchanged outside it. Pure. */
export function insidePath(path: string, mount: Mount | undefined): string {
  if (mount === undefined) return path;
  if (path === mount.host) return mount.inside;
  return path.startsWith(`${mount.host}/`) ? mount.inside + path.slice(mount.host.length) : path;
}
