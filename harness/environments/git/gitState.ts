import type { ParseBudget } from '../parseBudget.js';
import type { GitIndexEntry } from './readGitIndex.js';
import { GitFormatError, readGitIndex } from './readGitIndex.js';
import { packCommits } from './packCommitCache.js';
import { readPackIndex } from './readPackIndex.js';
import { readLooseRef, readPackedRefs } from './readRefs.js';

/** A git directory's files, by path relative to it: content where the snapshot kept it, else undefined. */
export type GitFiles = ReadonlyMap<string, Uint8Array | undefined>;

/** What a git directory holds, by meaning. */
export interface GitState {
  /** Ref name (`HEAD`, `refs/heads/main`, `refs/tags/v1^{}`) → object id, or `ref: refs/heads/main`. */
  readonly refs: ReadonlyMap<string, string>;
  /** `stage path` → entry; undefined when there is no index file. */
  readonly index: ReadonlyMap<string, GitIndexEntry> | undefined;
  /** Every object id found loose or in a pack index. */
  readonly objects: ReadonlySet<string>;
  /** The kept first bytes of loose objects (see LOOSE_OBJECT_HEAD_BYTES), by object id: commits' parents. */
  readonly looseHeads: ReadonlyMap<string, Uint8Array>;
  /** The parents of the commits its packs hold whole (packs up to PACK_FILE_LIMIT), by object id. */
  readonly packedParents: ReadonlyMap<string, readonly string[]>;
  /** Files the state was read from that could not be parsed, with why: they are compared as bytes instead. */
  readonly unreadable: ReadonlyMap<string, string>;
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/** Why a state file is unreadable when the snapshot did not keep its bytes (too large): no format problem. */
export const NOT_KEPT = 'its content was not kept';

/**
 * Whether a path inside a git directory is read by meaning (refs, the index's entries, the object set) rather
 * than compared as a file: HEAD, index, packed-refs, refs/**, objects/** — except lock files, which are real
 * files a crashed command leaves behind.
 */
export function isGitStatePath(path: string): boolean {
  if (path.endsWith('.lock')) return false;
  return (
    path === 'HEAD' ||
    path === 'index' ||
    path === 'packed-refs' ||
    path.startsWith('refs/') ||
    path.startsWith('objects/')
  );
}

/**
 * git's scratch files: the last commit message (`COMMIT_EDITMSG`, which the commit holds), the position before
 * a reset, merge or rebase (`ORIG_HEAD`, which the reflog holds) and what the last fetch found (`FETCH_HEAD`,
 * which the remote refs hold). git rewrites them as a side effect; they are no state of their own.
 */
export function isGitScratchPath(path: string): boolean {
  return path === 'COMMIT_EDITMSG' || path === 'ORIG_HEAD' || path === 'FETCH_HEAD';
}

const LOOSE_OBJECT = /^objects\/([0-9a-f]{2})\/([0-9a-f]{38}|[0-9a-f]{62})$/;

/** A loose object's file (`objects/ab/cdef…`): its first bytes are kept, for a commit's parents. */
export function isLooseObjectPath(path: string): boolean {
  return LOOSE_OBJECT.test(path);
}

/** The files whose content readGitState needs whole (the rest it reads by name, or by their first bytes). */
export function isGitContentPath(path: string): boolean {
  if (path.endsWith('.lock')) return false;
  return (
    path === 'HEAD' ||
    path === 'index' ||
    path === 'packed-refs' ||
    path === 'config' ||
    path.startsWith('refs/') ||
    /^objects\/pack\/[^/]+\.idx$/.test(path)
  );
}

/** A pack's file (`objects/pack/pack-….pack`): kept whole up to PACK_FILE_LIMIT, for its commits' parents. */
export function isPackPath(path: string): boolean {
  return /^objects\/pack\/[^/]+\.pack$/.test(path);
}

/**
 * Reads a git directory's refs, index entries, object set and the parents of its commits (loose, or whole in a
 * pack) from its files. `hashOf` gives a file's content hash, by which a pack's commits are parsed once
 * (packCommits). Reading it spends `budget` (index paths, inflated commits): past it, NotUnderstood. Pure but
 * for that cache.
 */
export function readGitState(
  files: GitFiles,
  hashOf?: (path: string) => string | undefined,
  budget?: ParseBudget,
): GitState {
  const unreadable = new Map<string, string>();
  const notKept = NOT_KEPT;
  const text = (path: string) => {
    const bytes = files.get(path);
    return bytes === undefined ? undefined : decoder.decode(bytes);
  };
  const oidLength = /objectformat\s*=\s*sha256/i.test(text('config') ?? '') ? 32 : 20;
  const refs = new Map<string, string>(readPackedRefs(text('packed-refs') ?? ''));
  if (files.has('packed-refs') && files.get('packed-refs') === undefined)
    unreadable.set('packed-refs', notKept);
  const objects = new Set<string>();
  const looseHeads = new Map<string, Uint8Array>();
  const packedParents = new Map<string, readonly string[]>();
  let index: Map<string, GitIndexEntry> | undefined;
  for (const [path, bytes] of files) {
    if (!isGitStatePath(path)) continue;
    if (path === 'HEAD' || path.startsWith('refs/')) {
      if (bytes === undefined) unreadable.set(path, notKept);
      else refs.set(path, readLooseRef(decoder.decode(bytes)));
    } else if (path === 'index') {
      try {
        if (bytes === undefined) throw new GitFormatError(notKept);
        index = readGitIndex(bytes, oidLength, budget);
      } catch (error) {
        if (!(error instanceof GitFormatError)) throw error;
        unreadable.set(path, error.reason);
      }
    } else if (path.startsWith('objects/')) {
      const loose = LOOSE_OBJECT.exec(path);
      if (loose !== null) {
        objects.add(`${loose[1]}${loose[2]}`);
        if (bytes !== undefined) looseHeads.set(`${loose[1]}${loose[2]}`, bytes);
      }
      if (/^objects\/pack\/[^/]+\.idx$/.test(path)) {
        try {
          if (bytes === undefined) throw new GitFormatError(notKept);
          for (const id of readPackIndex(bytes, oidLength)) objects.add(id);
        } catch (error) {
          if (!(error instanceof GitFormatError)) throw error;
          unreadable.set(path, error.reason);
        }
      }
      if (isPackPath(path) && bytes !== undefined) {
        const idxPath = `${path.slice(0, -'.pack'.length)}.idx`;
        const idx = files.get(idxPath);
        const hashes = [hashOf?.(path), hashOf?.(idxPath)];
        const key = hashes.every((hash) => hash !== undefined) ? hashes.join(':') : undefined;
        try {
          if (idx !== undefined) {
            for (const [oid, parents] of packCommits(bytes, idx, oidLength, key, budget))
              packedParents.set(oid, parents);
          }
        } catch (error) {
          // An index it cannot read is reported unreadable above; its pack's commits stay unknown.
          if (!(error instanceof GitFormatError)) throw error;
        }
      }
    }
  }
  return { refs, index, objects, looseHeads, packedParents, unreadable };
}
