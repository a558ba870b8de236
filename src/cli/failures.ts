import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contradictionsOf } from '../report/contradictionsOf.js';
import type { Evidence, Report } from '../model/report.js';
import { SetupError } from '../model/setupError.js';
import type { CheckArguments } from './program.js';

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

/** A short, stable id: the same contradiction found again gets the same id (and overwrites its file). */
export function failureId(
  tool: string,
  hint: string,
  seed: number,
  path: string,
  command: readonly string[],
): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([tool, hint, seed, path, command]))
    .digest('hex');
  return `${tool}-${hint.replace(/Hint$/, '')}-${digest.slice(0, 8)}`;
}

/** Saves every contradiction of a report; returns the ids. */
export function saveFailures(report: Report, check: CheckArguments, cwd: string): string[] {
  const found = contradictionsOf(report);
  if (found.length === 0) return [];
  const directory = join(cwd, FAILURES_DIRECTORY);
  mkdirSync(directory, { recursive: true });
  return found.map(({ tool, hint, evidence }) => {
    const id = failureId(tool.name, hint, evidence.seed, evidence.path, [check.command, ...check.args]);
    const saved: SavedFailure = {
      id,
      tool: tool.name,
      hint,
      seed: evidence.seed,
      path: evidence.path,
      cwd,
      check,
      evidence,
    };
    writeFileSync(join(directory, `${id}.json`), `${JSON.stringify(saved, null, 2)}\n`);
    return id;
  });
}

/** Loads a saved failure by id (or a unique prefix of one), with an error that lists what exists. */
export function loadFailure(id: string, cwd: string): SavedFailure {
  const directory = join(cwd, FAILURES_DIRECTORY);
  const known = existsSync(directory)
    ? readdirSync(directory)
        .filter((file) => file.endsWith('.json'))
        .map((file) => file.slice(0, -5))
    : [];
  const matches = known.filter((candidate) => candidate === id || candidate.startsWith(id));
  if (matches.length !== 1) {
    const listing =
      known.length > 0
        ? `Saved failures: ${known.join(', ')}.`
        : `There are none in ${directory}: run hintproof check first.`;
    throw new SetupError(
      matches.length === 0
        ? `replay: no saved failure "${id}". ${listing}`
        : `replay: "${id}" matches ${matches.join(', ')}; give more of the id.`,
    );
  }
  return JSON.parse(readFileSync(join(directory, `${matches[0]}.json`), 'utf8')) as SavedFailure;
}
