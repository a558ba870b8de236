import type { CheckSettings } from '../settings/checkSettings.js';

/** The parsed `check` command line: the server command and every setting of the table. */
export interface CheckArguments extends CheckSettings {
  readonly command: string;
  readonly args: readonly string[];
}
