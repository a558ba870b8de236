import type { Change } from '../change.js';
import { NotUnderstood } from '../notUnderstood.js';
import { understand } from '../understand.js';
import type { Snapshot } from '../environment.js';
import type { FsEntry } from './fsEntry.js';
import { diffFileContent } from './diffFileContent.js';
import { keptText } from './diffJsonFile.js';
import { FS_ENVIRONMENT, asFsSnapshot, comparePaths } from './fsEntry.js';
import { JSON_FILE_LIMIT } from './jsonText.js';
import { diffGitDirectories } from './gitDirectories.js';
import { diffSqliteFiles } from './sqliteFiles.js';

/**
 * The changes from `before` to `after`, in path order: one per path, except JSON files (below). Pure.
 *
 * Content, mode, type and link target are compared; inode and timestamps never are, so a temp-file-then-rename
 * rewrite with identical bytes is no change, and a rename is a `delete` plus an `add`. A file that grew and
 * whose first `before.size` bytes still hash to `before.sha256` is an `append`; any other difference is a
 * `modify` — unless both versions were kept as text (see `diffFileContent`): then the file's changes are
 * those of its meaning, as a log of keyed records (which also reads an append), as JSON or JSON Lines
 * (`add`, `modify`, `delete` of keys, array elements and lines, entities `path#pointer`), or as lines of text
 * (entities `path#[line N]`); none at all when the two mean the same; plus a file-level `modify` if its mode
 * changed too. A file compared as bytes says why (`format not understood (…); compared as bytes`).
 *
 * SQLite databases and git directories are compared by meaning first (diffSqliteFiles: rows and schema, in
 * the `sqlite` environment; diffGitDirectories: refs, index entries and objects), and the files they are
 * read from are not reported again.
 */
export function diffFsSnapshots(before: Snapshot, after: Snapshot): Change[] {
  const environment = asFsSnapshot(before, 'before').environment;
  const changes = diffTrees(
    asFsSnapshot(before, 'before').entries,
    asFsSnapshot(after, 'after').entries,
    environment,
  );
  if (environment === FS_ENVIRONMENT) return changes;
  // Another tree (HOME, TMPDIR): its own environment name, and caches counted like counters.
  return changes.map((change) => {
    const inTree = change.environment === FS_ENVIRONMENT;
    const path = inTree ? change.entity : change.entity.slice(`${environment}:`.length);
    const cache = environment === 'home' && isCachePath(path);
    if (!inTree && !cache) return change;
    return {
      ...change,
      environment: inTree ? environment : change.environment,
      ...(cache && change.kind !== 'counter'
        ? { kind: 'counter' as const, detail: `cache: ${change.kind} ${change.detail}` }
        : {}),
    };
  });
}

/**
 * Cache directories under HOME (XDG's ~/.cache, which holds pip's and many others, and npm's ~/.npm): what
 * programs keep there can be thrown away and rebuilt, so writing there is listed but counts like a `counter`.
 */
const HOME_CACHE_DIRECTORIES = ['.cache', '.npm'] as const;

function isCachePath(entity: string): boolean {
  return HOME_CACHE_DIRECTORIES.some(
    (directory) => entity === directory || entity.startsWith(`${directory}/`),
  );
}

function diffTrees(
  old: ReadonlyMap<string, FsEntry>,
  now: ReadonlyMap<string, FsEntry>,
  environment: string,
): Change[] {
  const sqlite = diffSqliteFiles(old, now, environment === FS_ENVIRONMENT ? '' : `${environment}:`);
  const git = diffGitDirectories(old, now, FS_ENVIRONMENT);
  const paths = [...new Set([...old.keys(), ...now.keys()])]
    .filter((path) => !sqlite.handled.has(path) && !git.handled.has(path))
    .sort(comparePaths);
  const changes: Change[] = [...sqlite.changes, ...git.changes];
  const notUnderstood = new Map([...sqlite.notUnderstood, ...git.notUnderstood]);
  for (const path of paths) {
    const a = old.get(path);
    const b = now.get(path);
    const note = notUnderstood.get(path);
    if (a !== undefined && b !== undefined) {
      changes.push(...noted(compareEntries(path, a, b, note === undefined), note));
      continue;
    }
    const change =
      a === undefined
        ? b && { kind: 'add' as const, detail: describeEntry(b) }
        : { kind: 'delete' as const, detail: describeEntry(a) };
    if (change !== undefined)
      changes.push(...noted([{ ...change, environment: FS_ENVIRONMENT, entity: path }], note));
  }
  return changes;
}

/**
 * A file that a reading by meaning did not understand (a SQLite database, a git state file, a JSON document)
 * says so on its changes, so that a change of its bytes never passes for one understood: `…, content changed;
 * not understood as SQLite: page 2 is not a b-tree page; compared as bytes`.
 */
function noted(changes: Change[], note: string | undefined): Change[] {
  if (note === undefined) return changes;
  return changes.map((change) => ({ ...change, detail: `${change.detail}; ${note}; compared as bytes` }));
}

/** The changes of a path on both sides; `byRecords`: a JSON file's records are compared when both parse. */
function compareEntries(path: string, a: FsEntry, b: FsEntry, byRecords: boolean): Change[] {
  const at = (kind: Change['kind'], detail: string): Change => ({
    kind,
    environment: FS_ENVIRONMENT,
    entity: path,
    detail,
  });
  if (a.type !== b.type) return [at('modify', `${a.type} → ${b.type}`)];
  const parts: string[] = [];
  let appended = false;
  let records: Change[] | undefined;
  if (a.type === 'file' && !sameContent(a, b)) {
    appended = isAppend(a, b);
    const read = byRecords
      ? understand('text', a.size + b.size, () => diffFileContent(path, a, b, appended))
      : undefined;
    records = read instanceof NotUnderstood ? undefined : read;
    if (records === undefined) {
      const refused = read instanceof NotUnderstood ? `; ${read.message}; compared as bytes` : undefined;
      // An append needs no reading, unless one was tried and refused (a log too big to read by its state).
      parts.push(
        appended
          ? `+${bytes(b.size - a.size)}${refused ?? ''}`
          : contentDetail(a, b) + (refused ?? (byRecords ? notText(a, b) : '')),
      );
    }
  }
  if (a.type === 'symlink' && a.target !== b.target) {
    parts.push(`target ${String(a.target)} → ${String(b.target)}`);
  }
  if (a.mode !== b.mode) parts.push(`mode ${octal(a.mode)} → ${octal(b.mode)}`);
  const own =
    parts.length === 0
      ? []
      : appended && parts.length === 1
        ? [at('append', parts.join('; '))]
        : [at('modify', (appended ? 'appended ' : '') + parts.join('; '))];
  return [...(records ?? []).map((change) => ({ ...change, within: path })), ...own];
}

function sameContent(a: FsEntry, b: FsEntry): boolean {
  if (a.sha256 !== undefined || b.sha256 !== undefined) return a.sha256 === b.sha256 && a.size === b.size;
  return a.unreadable === b.unreadable;
}

/** `b`'s content is `a`'s content followed by more bytes: `b` was hashed with a prefix at `a.size`. */
function isAppend(a: FsEntry, b: FsEntry): boolean {
  if (a.sha256 === undefined || b.size <= a.size) return false;
  return (b.prefixes ?? []).some((prefix) => prefix.length === a.size && prefix.sha256 === a.sha256);
}

/**
 * Why a changed file's content was compared as bytes when no reading by meaning refused it: no text was kept
 * for one version. `''` for an unreadable file (its detail says so) or one whose text was kept.
 */
function notText(a: FsEntry, b: FsEntry): string {
  if (a.sha256 === undefined || b.sha256 === undefined) return '';
  if (keptText(a) !== undefined && keptText(b) !== undefined) return '';
  const reason =
    Math.max(a.size, b.size) > JSON_FILE_LIMIT
      ? `larger than ${JSON_FILE_LIMIT / (1024 * 1024)} MiB`
      : 'binary (a NUL byte, or not UTF-8), or past the text a snapshot keeps';
  return `; format not understood (${reason}); compared as bytes`;
}

function contentDetail(a: FsEntry, b: FsEntry): string {
  const unreadable = a.sha256 === undefined || b.sha256 === undefined ? ' (unreadable, stat changed)' : '';
  const sizes = a.size === b.size ? bytes(a.size) : `${a.size} → ${bytes(b.size)}`;
  return `${sizes}, content changed${unreadable}`;
}

/** `file, 12 bytes`, `directory`, `symlink → ../a.md`, `other`: an entry that appeared or vanished. */
function describeEntry(entry: FsEntry): string {
  switch (entry.type) {
    case 'file':
      return `file, ${bytes(entry.size)}`;
    case 'symlink':
      return `symlink → ${String(entry.target)}`;
    case 'directory':
    case 'other':
      return entry.type;
  }
}

function bytes(count: number): string {
  return `${count} ${count === 1 ? 'byte' : 'bytes'}`;
}

function octal(mode: number): string {
  return mode.toString(8).padStart(3, '0');
}
