import { homedir } from 'node:os';
import { dirname, isAbsolute, relative } from 'node:path';

/** What every isolation mechanism shows of the host and how: the same layout, whoever builds the mounts. */
export interface SandboxLayout {
  readonly runDirectory: string;
  /** Directories to hide from the server besides /tmp, /var/tmp, /run, /root and the caller's HOME. */
  readonly hidden?: readonly string[];
  /**
   * Host paths to show read-only even inside hidden ones: the server's own files (its project directory, its
   * interpreter). A path that is or contains a hidden directory (HOME itself) is never shown.
   */
  readonly readOnly?: readonly string[];
  /** Host directories shown read-only at another path inside the sandbox (e.g. a database's socket gate). */
  readonly mounts?: readonly Mount[];
  /** Loopback ports opened inside the sandbox's network namespace, each relayed to a unix socket. */
  readonly relays?: readonly Relay[];
  readonly limits?: Limits;
  /**
   * The unprivileged user (and group) the server runs as when hintproof is root; 65534 (nobody) by default.
   * The process limit counts that user's processes host-wide, so a test of it uses a user of its own.
   */
  readonly uid?: number;
}

/** A host directory shown read-only inside the sandbox at `inside` (an absolute path, usually under /run). */
export interface Mount {
  readonly host: string;
  readonly inside: string;
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
  /** Processes and threads of the sandbox user (counted host-wide for that uid). */
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
  processes: 512,
  dataBytes: 8 * 1024 * 1024 * 1024,
};

/** The directories replaced by empty ones: never the run directory or one inside it. */
export function hiddenDirectories(layout: SandboxLayout): string[] {
  return ['/tmp', '/var/tmp', '/run', homedir(), '/root', ...(layout.hidden ?? [])].filter(
    (path, index, all) =>
      isAbsolute(path) &&
      all.indexOf(path) === index &&
      path !== layout.runDirectory &&
      !contains(layout.runDirectory, path),
  );
}

/**
 * The read-only paths worth binding: inside a hidden directory (elsewhere the host is visible anyway), never
 * a hidden directory itself or one that contains it (HOME stays hidden), never over the run directory.
 */
export function visibleReadOnly(layout: SandboxLayout, hidden: readonly string[]): string[] {
  return [...new Set(layout.readOnly ?? [])]
    .filter((path) => isAbsolute(path) && !hidden.some((h) => h === path || contains(path, h)))
    .filter((path) => hidden.some((h) => contains(h, path)))
    .filter(
      (path) =>
        path !== layout.runDirectory &&
        !contains(path, layout.runDirectory) &&
        !contains(layout.runDirectory, path),
    );
}

/** The directories strictly between `top` and `path`, outermost first: `/tmp`, `/tmp/a/b/c` → `/tmp/a`, `/tmp/a/b`. */
export function ancestorsBelow(top: string, path: string): string[] {
  if (!contains(top, path)) return [];
  const ancestors: string[] = [];
  for (let parent = dirname(path); parent !== top && contains(top, parent); parent = dirname(parent)) {
    ancestors.unshift(parent);
  }
  return ancestors;
}

/** The directories to create inside hidden ones (passable by the sandbox user) before binding `path`. */
export function passagesTo(path: string, hidden: readonly string[]): string[] {
  return hidden.flatMap((top) => ancestorsBelow(top, path));
}

export function contains(parent: string, child: string): boolean {
  const path = relative(parent, child);
  return path === '' ? false : !path.startsWith('..') && !isAbsolute(path);
}
