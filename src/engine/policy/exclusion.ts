import picomatch from 'picomatch';
import type { Change } from '../../../harness/index.js';
import { changeKey } from '../../../harness/index.js';
import { parseIgnorePattern } from './ignorePattern.js';

/**
 * What hintproof leaves out of every verdict: entities that changed while nothing was called (ambient; for a
 * text file compared by lines, any of its lines and the file as a whole), and entities matching the user's
 * `--ignore` patterns. Nothing else.
 */
export function exclusionOf(
  ambient: readonly Change[],
  ignore: readonly string[],
): (change: Change) => boolean {
  const ambientKeys = new Set(ambient.map(changeKey));
  const matchers = ignore.map(ignoreMatcher);
  // A record inside a JSON file (`fs:state.json#/clock`) is ambient when that record, or the whole file, was.
  const ambientFile = (change: Change): boolean =>
    isTree(change.environment) &&
    fsFilesOf(change.entity).some((file) => ambientKeys.has(changeKey({ ...change, entity: file })));
  // A line of a text file (`app.log#[line 9]`) is ambient when any line of that file was: line numbers move
  // (a log the server appends to in the background grows by a new line each time), so no line is a stable entity.
  const ambientText = new Set(ambient.flatMap((change) => textFileKey(change) ?? []));
  // So is the whole file: one read mid-write (truncated, or torn) is compared as bytes, not by lines.
  const ambientLine = (change: Change): boolean => {
    const file = textFileKey(change) ?? (isTree(change.environment) ? changeKey(change) : undefined);
    return file !== undefined && ambientText.has(file);
  };
  return (change) =>
    ambientKeys.has(changeKey(change)) ||
    ambientFile(change) ||
    ambientLine(change) ||
    matchers.some((matches) => matches(change));
}

/** A line entity of a text file (`notes.md#[line 7]`, see the fs environment's `diffTextFile`). */
const LINE_ENTITY = /^(.+)#\[line \d+\]$/s;

/** The key of the text file a line change lies in; `undefined` for any other change. */
function textFileKey(change: Pick<Change, 'environment' | 'entity'>): string | undefined {
  if (!isTree(change.environment)) return undefined;
  const file = LINE_ENTITY.exec(change.entity)?.[1];
  return file === undefined ? undefined : changeKey({ ...change, entity: file });
}

/**
 * `ENV:GLOB` (read by `parseIgnorePattern`) matches changes of that environment whose entity matches the glob (`fs:**\/*.log` also matches a
 * `.log` at the root, dotfiles included); a pattern without `ENV:` applies to every environment. A pg row
 * (`public.audit_log(id=3)`) or column (`public.audit_log.note`) also matches through its table
 * (`pg:public.audit_log`), and an updated row matches when every changed column does (`pg:*.updated_at`).
 * A record inside a JSON file (`data/bookmarks.json#/bookmarks/[id=b1]`) also matches through its file
 * (`fs:data/*.json`). A SQLite row (`todo.db#todos(id=2)`) or column (`todo.db#todos.done`) matches through its
 * table (`sqlite:todo.db#todos`) and its database (`sqlite:todo.db`).
 */
function ignoreMatcher(pattern: string): (change: Change) => boolean {
  const { environment, glob } = parseIgnorePattern(pattern);
  const matches = picomatch(glob, { dot: true });
  return (change) =>
    (environment === undefined || environment === change.environment) &&
    (matches(change.entity) ||
      (change.environment === 'pg' && matches(tableOf(change.entity))) ||
      (change.environment === 'sqlite' && sqliteOwnersOf(change.entity).some((owner) => matches(owner))) ||
      (isTree(change.environment) && fsFilesOf(change.entity).some((file) => matches(file))) ||
      (change.columns !== undefined && change.columns.length > 0 && change.columns.every((c) => matches(c))));
}

/** The table a pg entity belongs to: `public.t(id=1)` → `public.t`, `public.t.column` → `public.t`. */
function tableOf(entity: string): string {
  const paren = entity.indexOf('(');
  if (paren > 0) return entity.slice(0, paren);
  const parts = entity.split('.');
  return parts.length > 2 ? parts.slice(0, 2).join('.') : entity;
}

/**
 * The file an fs record entity (`path#/pointer`, `path#[id=1]…`) lies in: the part before a `#` that starts a
 * pointer. A file name may hold such a `#` too, so every candidate is returned; none for a plain path.
 */
function fsFilesOf(entity: string): string[] {
  const files: string[] = [];
  for (let at = entity.indexOf('#'); at > 0; at = entity.indexOf('#', at + 1)) {
    const next = entity[at + 1];
    if (next === '/' || next === '[') files.push(entity.slice(0, at));
  }
  return files;
}

/** The directory trees (`fs`, HOME, TMPDIR, the package's copy): JSON records and git state are entities in files. */
function isTree(environment: string): boolean {
  return ['fs', 'home', 'tmp', 'pkg'].includes(environment);
}

/** The table and the database a sqlite entity belongs to: `a.db#t(id=1)` → `a.db#t`, `a.db`. */
function sqliteOwnersOf(entity: string): string[] {
  const hash = entity.lastIndexOf('#');
  if (hash < 0) return [];
  const inside = entity.slice(hash + 1);
  const table = inside.includes('(')
    ? inside.slice(0, inside.indexOf('('))
    : (inside.split('.')[0] ?? inside);
  return [`${entity.slice(0, hash)}#${table}`, entity.slice(0, hash)];
}
