import { dirname } from 'node:path';
import { isolatedSpawn } from '../../process/isolation.js';
import type { UserIds } from '../../process/reachable.js';
import { contains, SYSTEM_PATHS } from '../../process/sandboxPaths.js';
import type { SpawnOptions } from '../../process/spawnServer.js';

/** How the embedded cluster is contained: as servers are (bubblewrap, or unshare as root), or not at all. */
export type ClusterSandbox = 'bubblewrap' | 'unshare';

/**
 * A cluster's resource limits: Postgres writes 1 GiB table segments and many backends, so the file-size
 * limit is above a segment; processes count the cluster user's host-wide.
 */
const CLUSTER_LIMITS = {
  fileSizeBytes: 4 * 1024 ** 3,
  processes: 4096,
  dataBytes: 8 * 1024 ** 3,
} as const;

/**
 * `postgres` started inside a sandbox of its own, built by the same machinery as a server's (see
 * isolatedSpawn): its own network namespace with nothing but loopback (it listens on no TCP address at all:
 * hintproof and the gate reach it through its unix socket, which crosses namespaces), its own PID and IPC
 * namespaces, a read-only host view of the system paths and its binaries only, `root` (its data and socket
 * directories) the one writable place, as `owner` when hintproof is root. What a superuser of the cluster
 * reaches from there (`COPY … TO PROGRAM`, `pg_read_server_files`, untrusted languages) is that view: no host
 * file outside `root`, no host socket, no network. It ends with hintproof.
 */
export function sandboxedPostgres(
  postgres: string,
  args: readonly string[],
  root: string,
  owner: UserIds | undefined,
  kind: ClusterSandbox,
): SpawnOptions {
  // bin, lib and share of the binaries, at their own path: that directory alone, not the project around it.
  const native = dirname(dirname(postgres));
  const shown = SYSTEM_PATHS.some((path) => contains(path, native));
  return isolatedSpawn(
    { command: postgres, args, cwd: root, env: { PATH: '/usr/bin:/bin', LC_ALL: 'C' } },
    {
      runDirectory: root,
      mounts: shown ? [] : [{ host: native, inside: native }],
      limits: CLUSTER_LIMITS,
      ...(owner === undefined ? {} : { uid: owner.uid }),
    },
    kind,
  );
}
