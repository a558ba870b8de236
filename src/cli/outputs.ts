import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SetupError } from '../model/setupError.js';
import type { CheckArguments } from './checkArguments.js';

/** Fails before any work when a report could not be written at the end: nothing is lost to a typo. */
export function checkOutputs(args: CheckArguments): void {
  if (args.json === undefined) return;
  const target = resolve(args.json);
  const directory = dirname(target);
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    throw new SetupError(
      `--json ${args.json}: the directory ${directory} does not exist. Create it first, or write the report elsewhere.`,
    );
  }
  if (existsSync(target) && statSync(target).isDirectory()) {
    throw new SetupError(
      `--json ${args.json}: that is a directory; give a file name such as ${args.json}/report.json.`,
    );
  }
  try {
    accessSync(directory, constants.W_OK);
  } catch {
    throw new SetupError(`--json ${args.json}: the directory ${directory} is not writable.`);
  }
}
