import type { KindValue } from './settingKind.js';
import { SETTINGS } from './settingsTable.js';

type Table = typeof SETTINGS;

/** A setting's name: its key in the table, and the option's name as commander gives it. */
export type SettingName = keyof Table;

/** The value a setting of the table holds. */
export type SettingValue<K extends SettingName> = KindValue<Table[K]['kind']>;

/** The settings that always hold a value: a default, or an empty value when not given. */
type Always = {
  [K in SettingName]: Table[K] extends { default: unknown } | { empty: unknown } ? K : never;
}[SettingName];

/**
 * The settings of one `hintproof check`: command-line flags over the config file over the table's defaults,
 * made once (`program.ts`, `applyConfig`) and handed on. Its types are the table's.
 */
export type CheckSettings = { readonly [K in Always]: SettingValue<K> } & {
  readonly [K in Exclude<SettingName, Always>]?: SettingValue<K>;
};

/** The settings a replay line carries: those that shaped the run. */
export type ReplayedName = { [K in SettingName]: Table[K] extends { replay: true } ? K : never }[SettingName];

type Defaulted = { [K in SettingName]: Table[K] extends { default: unknown } ? K : never }[SettingName];

/**
 * The defaults of a check, read from the table: the CLI's option defaults, the library's and the replay lines
 * (which leave out a value equal to its default) all read them here.
 */
export const DEFAULTS = Object.fromEntries(
  Object.entries(SETTINGS).flatMap(([name, entry]) => ('default' in entry ? [[name, entry.default]] : [])),
) as { readonly [K in Defaulted]: SettingValue<K> };
