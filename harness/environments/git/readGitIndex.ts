import { NotUnderstood } from '../notUnderstood.js';
import type { ParseBudget } from '../parseBudget.js';

/** One entry of a git index: what `git ls-files -s` prints, never the stat cache that comes with it. */
export interface GitIndexEntry {
  readonly path: string;
  /** Octal, as git prints it: `100644`, `100755`, `120000`, `160000`. */
  readonly mode: string;
  readonly oid: string;
  /** 0 normally; 1–3 for the sides of a merge conflict. */
  readonly stage: number;
  /** `git update-index --skip-worktree` / `--assume-unchanged` / intent-to-add: how the entry is meant. */
  readonly flags: readonly string[];
}

/** The index file does not parse; it is then compared as bytes. */
export class GitFormatError extends NotUnderstood {
  constructor(reason: string) {
    super('git', reason);
    this.name = 'GitFormatError';
  }
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * The entries of a git index file (`.git/index`, versions 2, 3 and 4), keyed by `stage path`. The stat data
 * (ctime, mtime, dev, ino, uid, gid, size) and the extensions (cache tree, untracked cache, fsmonitor…) are
 * skipped: git rewrites them whenever it refreshes its cache (`git status`), and they say nothing about what
 * is staged. `oidLength` is 20 for SHA-1 repositories, 32 for SHA-256. Throws GitFormatError on a file that
 * is not an index. Each entry is a step of `budget` and its path is spent from it: version 4's paths each
 * repeat the one before, so n entries of a few bytes may name paths n²/2 bytes long in all. Pure.
 */
export function readGitIndex(
  bytes: Uint8Array,
  oidLength = 20,
  budget?: ParseBudget,
): Map<string, GitIndexEntry> {
  if (bytes.length < 12 || decoder.decode(bytes.subarray(0, 4)) !== 'DIRC') {
    throw new GitFormatError('not a git index (no DIRC signature)');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4);
  if (version < 2 || version > 4) throw new GitFormatError(`unsupported index version ${version}`);
  const count = view.getUint32(8);
  const entries = new Map<string, GitIndexEntry>();
  let at = 12;
  let previous = '';
  for (let i = 0; i < count; i++) {
    budget?.step();
    const start = at;
    if (at + 40 + oidLength + 2 > bytes.length) throw new GitFormatError(`entry ${i} runs past the end`);
    const mode = view.getUint32(at + 24);
    const oid = hex(bytes.subarray(at + 40, at + 40 + oidLength));
    const flags = view.getUint16(at + 40 + oidLength);
    at += 40 + oidLength + 2;
    let extended = 0;
    if (flags & 0x4000) {
      if (version < 3) throw new GitFormatError(`entry ${i} has extended flags in a version 2 index`);
      extended = view.getUint16(at);
      at += 2;
    }
    let path: string;
    if (version === 4) {
      const strip = readOffsetVarint(bytes, at);
      at += strip.length;
      const end = bytes.indexOf(0, at);
      if (end < 0 || strip.value > previous.length) throw new GitFormatError(`entry ${i} has a damaged path`);
      // Twice: the path, and the key it is stored under.
      budget?.spend(2 * (previous.length - strip.value + end - at), `index entry ${i}'s path`);
      path = previous.slice(0, previous.length - strip.value) + decoder.decode(bytes.subarray(at, end));
      at = end + 1;
    } else {
      const end = bytes.indexOf(0, at);
      if (end < 0) throw new GitFormatError(`entry ${i} has no path end`);
      path = decoder.decode(bytes.subarray(at, end));
      // Entries are padded with 1–8 NULs to a multiple of 8 bytes.
      at = start + Math.ceil((end - start + 1) / 8) * 8;
    }
    previous = path;
    const stage = (flags >> 12) & 0x3;
    const named = [
      ...(flags & 0x8000 ? ['assume-unchanged'] : []),
      ...(extended & 0x4000 ? ['skip-worktree'] : []),
      ...(extended & 0x2000 ? ['intent-to-add'] : []),
    ];
    entries.set(`${stage} ${path}`, { path, mode: mode.toString(8), oid, stage, flags: named });
  }
  return entries;
}

/** Version 4's path-prefix length: git's offset varint (each continuation adds one before shifting). */
function readOffsetVarint(bytes: Uint8Array, offset: number): { value: number; length: number } {
  let byte = bytes[offset] ?? 0;
  let value = byte & 0x7f;
  let length = 1;
  while (byte & 0x80) {
    byte = bytes[offset + length] ?? 0;
    length++;
    value = ((value + 1) << 7) | (byte & 0x7f);
    if (length > 5) throw new GitFormatError('a path prefix length is too long');
  }
  return { value, length };
}

export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}
