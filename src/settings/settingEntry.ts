import type { KindValue, SettingKind } from './settingKind.js';

/** Where a setting goes in a config file, and what the starter `hintproof init` writes says of it. */
interface ConfigPlace<T> {
  /** Its key, dotted when nested: `timeout`, `environments.fs`. */
  readonly key: string;
  /** The starter's comment on it; none: the line alone. */
  readonly note?: string;
  /** The value the starter shows (commented) when the setting has no default. */
  readonly example?: T;
}

/**
 * One row of the settings table: everything the command line, the config file, the starter config and the
 * replay line know of a setting.
 */
export interface SettingEntry<T> {
  /** The flag with its value's name, as commander takes it: `--timeout <seconds>`, `--no-isolation`. */
  readonly flag: string;
  readonly kind: SettingKind<T>;
  readonly help: string;
  /** The value when neither the command line nor the config gives one, shown in `--help`. */
  readonly default?: T;
  /** What `--help` says the default is when the value stays unset (decided later, e.g. `embedded`). */
  readonly defaultHelp?: string;
  /** The value when not given, not shown in `--help` (a repeatable flag's empty list). */
  readonly empty?: T;
  /** A switch's `--no-` twin (`--color`, `--no-color`): its help. */
  readonly negatedBy?: string;
  /** Settable in a config file, there. */
  readonly config?: ConfigPlace<T>;
  /** Carried into the replay line: it shaped the run, so reproducing it needs it. */
  readonly replay?: boolean;
}

/** A row, its default and example checked against its kind, its literal shape kept for the types made from it. */
export function setting<const E extends SettingEntry<KindValue<E['kind']>>>(entry: E): E {
  return entry;
}
