import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  realpathSync,
  writeSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { contradictionsOf } from '../report/contradictionsOf.js';
import type { Evidence, Report } from '../model/report.js';
import { SetupError } from '../model/setupError.js';
import type { CheckArguments } from './checkArguments.js';

/** Where failing cases are kept, relative to the invocation directory. */
export const FAILURES_DIRECTORY = join('.hintproof', 'failures');

/** A saved failing case: enough to replay it from the same directory. */
export interface SavedFailure {
  readonly id: string;
  readonly tool: string;
  readonly hint: string;
  readonly seed: number;
  readonly path: string;
  /** The invocation directory: relative paths in `check` resolve against it. */
  readonly cwd: string;
  /** The options of the run that found it (everything that shapes the run). */
  readonly check: CheckArguments;
  readonly evidence: Evidence;
}

/** How much of a tool name an id keeps (the digest tells the rest apart). */
const NAME_LENGTH = 40;

/**
 * A short, stable id that is also a safe file name: the same contradiction found again gets the same id (and
 * overwrites its file). A tool name is the server's to choose, so only its letters, digits, `_` and `-` are
 * kept (the rest become `_`, at most 40 of them, never a leading `-`); the digest of everything, the whole name
 * included, keeps names that differ only in case, in unsafe characters or past 40 characters apart.
 * `digestLength` is longer only when a shorter id is taken by another failure.
 */
export function failureId(
  tool: string,
  hint: string,
  seed: number,
  path: string,
  command: readonly string[],
  digestLength = 8,
): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([tool, hint, seed, path, command]))
    .digest('hex');
  const name = Array.from(tool)
    .slice(0, NAME_LENGTH)
    .join('')
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .replace(/^-/, '_');
  return `${name === '' ? '_' : name}-${hint.replace(/Hint$/, '')}-${digest.slice(0, digestLength)}`;
}

/**
 * Saves every contradiction of a report in `.hintproof/failures/<id>.json`; returns the ids. Each file is
 * checked to resolve directly inside the failures directory, which must itself resolve inside `cwd`, and is
 * opened without following a symbolic link. An id already used by a different failure (on disk, or earlier in
 * this report) gets the whole digest instead of losing either one.
 */
export function saveFailures(report: Report, check: CheckArguments, cwd: string): string[] {
  const found = contradictionsOf(report);
  if (found.length === 0) return [];
  const directory = failuresDirectory(cwd, { create: true });
  const taken = new Set<string>();
  return found.map(({ tool, hint, evidence }) => {
    const command = [check.command, ...check.args];
    const key = (length: number) => failureId(tool.name, hint, evidence.seed, evidence.path, command, length);
    const saved: Omit<SavedFailure, 'id'> = {
      tool: tool.name,
      hint,
      seed: evidence.seed,
      path: evidence.path,
      cwd,
      check,
      evidence,
    };
    let id = key(8);
    if (taken.has(id.toLowerCase()) || heldByAnother(directory, id, saved)) id = key(64);
    for (let n = 2; taken.has(id.toLowerCase()); n++) id = `${key(64)}-${n}`;
    taken.add(id.toLowerCase());
    writeInside(directory, `${id}.json`, `${JSON.stringify({ id, ...saved }, null, 2)}\n`);
    return id;
  });
}

/** Loads a saved failure by id (or a unique prefix of one), with an error that lists what exists. */
export function loadFailure(id: string, cwd: string): SavedFailure {
  const directory = existsSync(join(cwd, FAILURES_DIRECTORY)) ? failuresDirectory(cwd) : undefined;
  const known =
    directory === undefined
      ? []
      : readdirSync(directory)
          .filter((file) => file.endsWith('.json'))
          .map((file) => file.slice(0, -5));
  const matches = known.filter((candidate) => candidate === id || candidate.startsWith(id));
  if (directory === undefined || matches.length !== 1) {
    const listing =
      known.length > 0
        ? `Saved failures: ${known.join(', ')}.`
        : `There are none in ${join(cwd, FAILURES_DIRECTORY)}: run hintproof check first.`;
    throw new SetupError(
      matches.length === 0
        ? `replay: no saved failure "${id}". ${listing}`
        : `replay: "${id}" matches ${matches.join(', ')}; give more of the id.`,
    );
  }
  const file = `${matches[0]}.json`;
  try {
    return JSON.parse(readInside(directory, file)) as SavedFailure;
  } catch (error) {
    throw new SetupError(
      `replay: ${join(FAILURES_DIRECTORY, file)} is not a saved failure (${(error as NodeJS.ErrnoException).code ?? 'not JSON'}). ` +
        'Delete it, and run hintproof check again.',
      { cause: error },
    );
  }
}

/**
 * The failures directory, resolved, after checking at each level (`.hintproof`, then `failures`) that it lies
 * inside `cwd` before anything is made in it: a symbolic link may not lead out.
 */
function failuresDirectory(cwd: string, options: { create?: boolean } = {}): string {
  const root = realpathSync(cwd);
  let directory = root;
  for (const part of FAILURES_DIRECTORY.split(sep)) {
    const next = join(directory, part);
    if (options.create === true && !existsSync(next)) mkdirSync(next);
    directory = realpathSync(next);
    const path = relative(root, directory);
    if (path === '' || path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path)) {
      throw new SetupError(
        `${join(cwd, FAILURES_DIRECTORY)} resolves to ${directory}, outside ${cwd}: hintproof does not follow it. ` +
          'Remove the symbolic link (or the .hintproof directory) and run again.',
      );
    }
  }
  return directory;
}

/** The full path of `name` in `directory`, checked to lie directly inside it. */
function inside(directory: string, name: string): string {
  const path = join(directory, name);
  if (dirname(path) !== directory || name.includes(sep)) {
    throw new Error(`refusing a file name that leaves ${directory}: ${JSON.stringify(name)}`);
  }
  return path;
}

/** Writes a file directly inside `directory`, never through a symbolic link planted at its name. */
function writeInside(directory: string, name: string, text: string): void {
  const fd = openSync(
    inside(directory, name),
    constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW,
    0o644,
  );
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

function readInside(directory: string, name: string): string {
  const fd = openSync(inside(directory, name), constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/** True when `<id>.json` exists and holds a different failure than `saved` (another tool, hint, seed or path). */
function heldByAnother(directory: string, id: string, saved: Omit<SavedFailure, 'id'>): boolean {
  let existing: Partial<SavedFailure>;
  try {
    existing = JSON.parse(readInside(directory, `${id}.json`)) as Partial<SavedFailure>;
  } catch (error) {
    // Nothing there is the usual case; anything unreadable there is not ours to overwrite.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
  const identity = (failure: Partial<SavedFailure>) =>
    JSON.stringify([
      failure.tool,
      failure.hint,
      failure.seed,
      failure.path,
      failure.check?.command,
      failure.check?.args,
    ]);
  return identity(existing) !== identity(saved);
}
