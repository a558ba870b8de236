import { lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, relative } from 'node:path';
import { specialsBelow } from './hostSpecials.js';

/** What every isolation mechanism shows of the host and how: the same layout, whoever builds the mounts. */
export interface SandboxLayout {
  readonly runDirectory: string;
  /**
   * Host paths shown read-only at their own path: the server's own files (its project directory, its
   * interpreter, files its arguments name), each inside a `node_modules` widened to the project holding it.
   * Never one that is or contains `/`, HOME or another top-level directory of the host (see `NEVER_WHOLE`),
   * nor the run directory; one already shown is not bound again.
   */
  readonly readOnly?: readonly string[];
  /**
   * Read-only directories (as shown, after widening) that the sandbox user may not enter themselves (a project
   * cloned straight into a private `mktemp -d`): shown as an empty directory of the sandbox's own, open to
   * all, holding each of their entries bound as it is, symbolic links left out (they would be resolved on the
   * host, past what the directory hid), and sockets and FIFOs too. See `passThroughClosed`.
   */
  readonly opened?: readonly string[];
  /** Host directories shown read-only at another path inside the sandbox (e.g. a database's socket gate). */
  readonly mounts?: readonly Mount[];
  /**
   * Host directories bound over a directory the view already shows (after every mount, in order): the run's
   * writable copy of an installed package over the package itself, so that the server finds its own directory
   * writable where its code is, and its dependencies still read-only around it.
   */
  readonly overlays?: readonly Overlay[];
  /** Loopback ports opened inside the sandbox's network namespace, each relayed to a unix socket. */
  readonly relays?: readonly Relay[];
  readonly limits?: Limits;
  /**
   * The unprivileged user (and group) the server runs as when hintproof is root; 65534 (nobody) by default.
   * The process limit counts that user's processes host-wide, so a test of it uses a user of its own.
   */
  readonly uid?: number;
  /**
   * The file bound over each host socket and FIFO the sandbox would show: hintproof's own, mode 000, so that a
   * connect or an open there fails with EACCES, which no socket of the sandbox's own gives (`/dev/null` when
   * absent: ECONNREFUSED, like a socket nobody listens on).
   */
  readonly mask?: string;
}

/** A host directory shown read-only inside the sandbox at `inside` (an absolute path, usually under /run). */
export interface Mount {
  readonly host: string;
  readonly inside: string;
  /**
   * A gate: hintproof's own directory holding the sockets through which the server reaches the sandbox's
   * services, shown as it is. In every other shown directory, sockets and FIFOs are masked.
   */
  readonly service?: boolean;
}

/** A host directory bound at `inside`, a directory inside something the view shows (see `overlays`). */
export interface Overlay {
  readonly host: string;
  readonly inside: string;
  readonly writable: boolean;
}

/** `127.0.0.1:port` inside the sandbox, forwarded to the unix socket `socket` (a path inside the sandbox). */
export interface Relay {
  readonly port: number;
  readonly socket: string;
}

/** Resource limits of an isolated server (its whole process tree). */
export interface Limits {
  /** Largest file it may write, in bytes. */
  readonly fileSizeBytes: number;
  /**
   * Processes and threads of the sandbox user, counted host-wide for that uid: every sandbox of every
   * hintproof on the host shares it (each node server holds about ten threads), so it bounds a fork bomb, not
   * one server.
   */
  readonly processes: number;
  /**
   * Data memory per process (RLIMIT_DATA: heap and private writable mappings), in bytes. Not the address
   * space: WebAssembly reserves many GiB of it per memory without using them, and an address-space limit stops
   * a WASM-based server from starting (`Cannot allocate Wasm memory`), while what a process really uses
   * counts here.
   */
  readonly dataBytes: number;
}

export const DEFAULT_LIMITS: Limits = {
  fileSizeBytes: 256 * 1024 * 1024,
  processes: 4096,
  dataBytes: 8 * 1024 * 1024 * 1024,
};

/** The unprivileged user an isolated server runs as when hintproof is root (nobody). */
export const SANDBOX_UID = 65534;

/** The sandbox's host name: neutral, so that a server cannot tell from it that it is under test. */
export const SANDBOX_HOSTNAME = 'localhost';

/** What every program needs, shown read-only where the host has it (a symlink, such as /bin → usr/bin, as one). */
export const SYSTEM_PATHS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc'] as const;

/** Empty directories of the sandbox's own (root's, not writable by the server): /tmp, and /run for mounts. */
const EMPTY_DIRECTORIES = ['/tmp', '/run'] as const;

/** Host directories a read-only path may lie inside but never be or contain: they would show the host. */
const NEVER_WHOLE = [
  '/home',
  '/root',
  '/tmp',
  '/var',
  '/run',
  '/proc',
  '/sys',
  '/dev',
  '/mnt',
  '/media',
  '/srv',
  '/opt',
] as const;

/**
 * One step of building the sandbox's root, in order, on an empty read-only root (besides its own /proc and
 * /dev): a symlink, an empty directory, or a host path bound at `path` (read-only unless `writable`).
 */
export type ViewStep =
  | { readonly kind: 'symlink'; readonly target: string; readonly path: string }
  | { readonly kind: 'directory'; readonly path: string }
  | {
      readonly kind: 'bind';
      readonly source: string;
      readonly path: string;
      readonly writable: boolean;
      readonly directory: boolean;
      /** A mask over a host socket or FIFO: done only while that entry is still there. */
      readonly mask?: true;
    };

/** How the planner sees the host (injected by tests). */
export interface HostPaths {
  /** What is at `path` (not following a last symlink; `special`: a socket or FIFO); `undefined` when nothing is. */
  type(path: string): 'directory' | 'file' | 'symlink' | 'special' | undefined;
  readlink(path: string): string;
  realpath(path: string): string;
  /** The names in a directory that are neither symbolic links nor sockets nor FIFOs. */
  entries(path: string): string[];
  /** Every socket and FIFO at any depth below a directory, as absolute paths (see `specialsBelow`). */
  specials(path: string): string[];
  /**
   * Whether the user `uid` (its group the same number, no other group) may open or connect to a socket or FIFO,
   * by its mode bits; absent: every one may.
   */
  usableBy?(path: string, uid: number): boolean;
}

/**
 * What a socket or FIFO of a shown directory is covered with when the layout names no `mask`: nothing to
 * connect to, nothing to open (nodev).
 */
const MASK = '/dev/null';

/**
 * The sockets and FIFOs found below each shown directory, scanned once per process: a check starts hundreds of
 * sandboxes over the same project (about 80 ms a scan for this repository with its node_modules, 0.45 s for
 * /usr). Each start keeps those still there (one lstat each: a mount over a path that is gone would fail);
 * one made on the host after the scan is not covered, as one made after a fresh scan would not be either.
 */
const scanned = new Map<string, string[]>();

/** Whether `path` is still a socket or a FIFO. */
function isSpecial(path: string): boolean {
  try {
    const stat = lstatSync(path);
    return stat.isSocket() || stat.isFIFO();
  } catch {
    return false;
  }
}

const HOST: HostPaths = {
  type(path) {
    try {
      const stat = lstatSync(path);
      if (stat.isSocket() || stat.isFIFO()) return 'special';
      return stat.isSymbolicLink() ? 'symlink' : stat.isDirectory() ? 'directory' : 'file';
    } catch {
      return undefined;
    }
  },
  readlink: (path) => readlinkSync(path),
  realpath: (path) => realpathSync(path),
  entries: (path) =>
    readdirSync(path, { withFileTypes: true })
      .filter((entry) => !entry.isSymbolicLink() && !entry.isSocket() && !entry.isFIFO())
      .map((entry) => entry.name),
  specials(path) {
    const found = scanned.get(path);
    if (found !== undefined) return found.filter(isSpecial);
    const fresh = specialsBelow(path);
    scanned.set(path, fresh);
    return fresh;
  },
  usableBy(path, uid) {
    try {
      const { mode, uid: owner, gid } = lstatSync(path);
      const bits = owner === uid ? mode >> 6 : gid === uid ? mode >> 3 : mode;
      return (bits & 0o6) !== 0;
    } catch {
      return false;
    }
  },
};

/**
 * The sandbox's whole view of the host (see `planView`), with every socket and FIFO below a read-only host
 * directory it shows (a gate's excepted) covered by `MASK`, read-only: a read-only mount stops neither a
 * connect nor an open, and a mount over the entry itself stops both, whatever path leads there (`..`,
 * /proc/self/cwd, a link). Found when the view is built: one made on the host afterwards (by the user's own
 * processes) is not covered.
 */
export function sandboxView(layout: SandboxLayout, host: HostPaths = HOST): ViewStep[] {
  const steps = planView(layout, host);
  const gates = new Set((layout.mounts ?? []).filter((mount) => mount.service).map((mount) => mount.inside));
  // As root the server runs as another user: what that user may not open or connect to needs no mask (and
  // hintproof's own FIFOs, made and removed all the time, are among them).
  const uid = process.getuid?.() === 0 ? (layout.uid ?? SANDBOX_UID) : undefined;
  const usable = (special: string) => uid === undefined || host.usableBy?.(special, uid) !== false;
  const masks = steps.flatMap((step): ViewStep[] =>
    step.kind !== 'bind' || step.writable || !step.directory || gates.has(step.path)
      ? []
      : host
          .specials(step.source)
          .filter(usable)
          .map((special) => ({
            kind: 'bind',
            source: layout.mask ?? MASK,
            path: step.path + special.slice(step.source === '/' ? 0 : step.source.length),
            writable: false,
            directory: false,
            mask: true,
          })),
  );
  return [...steps, ...masks];
}

/**
 * What the sandbox shows of the host, as steps both mechanisms follow: the system paths read-only, empty
 * /tmp and /run, the run directory writable, the server's own files read-only (never a socket or FIFO
 * itself), mounts read-only at their inside path; the directories leading to each created empty. Nothing else
 * of the host exists inside: no /home, /root, /var, /srv, /opt, /mnt, nor any socket in them. Sources are
 * resolved on the host (real paths); targets keep the paths the server is given. `sandboxView` adds the masks
 * of the sockets and FIFOs in what it shows.
 */
export function planView(layout: SandboxLayout, host: HostPaths = HOST): ViewStep[] {
  const steps: ViewStep[] = [];
  const created = new Set<string>(['/']);
  /** Shown whole by a bind or a symlink: nothing can be created below it. */
  const covered: string[] = [];
  const isCovered = (path: string) => covered.some((top) => top === path || contains(top, path));
  /** Creates the directories leading to `path`; false when one of them lies in something already shown. */
  const passages = (path: string): boolean => {
    for (const ancestor of ancestorsOf(path)) {
      if (isCovered(ancestor)) return false;
      if (created.has(ancestor)) continue;
      created.add(ancestor);
      steps.push({ kind: 'directory', path: ancestor });
    }
    return true;
  };
  const bind = (source: string, path: string, writable: boolean): boolean => {
    const type = host.type(source);
    // A socket or FIFO is a way to a host service, never a file of the server's own: not shown.
    if (type === 'special' || isCovered(path) || !passages(path)) return false;
    const directory = type === 'directory';
    steps.push({ kind: 'bind', source, path, writable, directory });
    covered.push(path);
    return true;
  };

  for (const path of SYSTEM_PATHS) {
    const type = host.type(path);
    if (type === 'symlink') {
      steps.push({ kind: 'symlink', target: host.readlink(path), path });
      covered.push(path);
    } else if (type === 'directory') bind(path, path, false);
  }
  for (const path of EMPTY_DIRECTORIES) {
    if (passages(path) && !created.has(path)) {
      created.add(path);
      steps.push({ kind: 'directory', path });
    }
  }
  if (!bind(host.realpath(layout.runDirectory), layout.runDirectory, true)) {
    throw new Error(
      `isolation: the run directory ${layout.runDirectory} lies inside ${covered.find((top) => contains(top, layout.runDirectory))}, ` +
        'which the sandbox shows read-only. Point TMPDIR (or the work directory) somewhere else, e.g. /tmp.',
    );
  }
  const never = [...NEVER_WHOLE, homedir()];
  const allowed = (path: string) =>
    path !== '/' &&
    !never.some((top) => top === path || contains(path, top)) &&
    !contains(path, layout.runDirectory) &&
    !contains(layout.runDirectory, path);
  const readOnly = [...new Set(layout.readOnly ?? [])]
    .filter((path) => isAbsolute(path) && host.type(path) !== undefined)
    .map((path) => [withItsPackages(path), path].find(allowed))
    .filter((path): path is string => path !== undefined)
    .sort((a, b) => a.length - b.length);
  const opened = new Set(layout.opened ?? []);
  for (const path of readOnly) {
    if (!opened.has(path)) {
      bind(host.realpath(path), path, false);
      continue;
    }
    if (isCovered(path) || !passages(path) || created.has(path)) continue;
    created.add(path);
    steps.push({ kind: 'directory', path });
    for (const name of host.entries(path)) {
      const entry = `${path}/${name}`;
      if (entry !== layout.runDirectory && !contains(entry, layout.runDirectory))
        bind(host.realpath(entry), entry, false);
    }
  }
  for (const mount of layout.mounts ?? []) {
    if (!bind(host.realpath(mount.host), mount.inside, false)) {
      throw new Error(
        `isolation: cannot mount ${mount.host} at ${mount.inside} inside the sandbox: that path is already shown. ` +
          'Choose an inside path under /run.',
      );
    }
  }
  for (const overlay of layout.overlays ?? []) {
    // Its mount point is the directory already shown there: nothing is created, and nothing else is covered.
    if (!isCovered(overlay.inside) || host.type(overlay.host) !== 'directory') {
      throw new Error(
        `isolation: cannot lay ${overlay.host} over ${overlay.inside}: ` +
          (host.type(overlay.host) === 'directory'
            ? 'nothing the sandbox shows holds that path. Lay it over a directory of a shown package.'
            : 'it is not a directory.'),
      );
    }
    steps.push({
      kind: 'bind',
      source: host.realpath(overlay.host),
      path: overlay.inside,
      writable: overlay.writable,
      directory: true,
    });
  }
  return steps;
}

/**
 * A path inside a `node_modules` directory widened to the project holding the outermost one: a package's
 * dependencies may be hoisted anywhere up to there (`/app/node_modules/@x/server/dist/index.js` → `/app`).
 */
function withItsPackages(path: string): string {
  const at = path.split('/').indexOf('node_modules');
  return at > 1 ? path.split('/').slice(0, at).join('/') : path;
}

/** The directories strictly between `/` and `path`, outermost first: `/a/b/c` → `/a`, `/a/b`. */
function ancestorsOf(path: string): string[] {
  const ancestors: string[] = [];
  for (let parent = dirname(path); parent !== '/' && parent !== '.'; parent = dirname(parent)) {
    ancestors.unshift(parent);
  }
  return ancestors;
}

export function contains(parent: string, child: string): boolean {
  const path = relative(parent, child);
  return path === '' ? false : !path.startsWith('..') && !isAbsolute(path);
}
