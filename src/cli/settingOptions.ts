import { Option } from 'commander';
import type { CheckSettings } from '../settings/checkSettings.js';
import { pathValue } from '../settings/parseValues.js';
import type { SettingEntry } from '../settings/settingEntry.js';
import { SETTINGS } from '../settings/settingsTable.js';

/** The `check` options, one per row of the settings table (two for a switch with a `--no-` twin), in its order. */
export function settingOptions(): Option[] {
  return Object.values(SETTINGS).flatMap((entry: SettingEntry<unknown>) => {
    const option = new Option(entry.flag, entry.help);
    const { kind } = entry;
    if (kind.choices !== undefined) option.choices(kind.choices);
    else if (kind.path !== undefined)
      option.argParser(pathValue(option.long ?? entry.flag, kind.path.example));
    else if (kind.parse !== undefined) option.argParser(kind.parse.bind(kind));
    if (entry.default !== undefined) option.default(entry.default);
    else if (entry.defaultHelp !== undefined) option.default(undefined, entry.defaultHelp);
    if (entry.negatedBy === undefined) return [option];
    return [option, new Option(entry.flag.replace(/^--/, '--no-'), entry.negatedBy)];
  });
}

/** What commander parsed, with the value of each setting that holds one when not given (`empty`). */
export function withEmpty(parsed: Readonly<Record<string, unknown>>): CheckSettings {
  const filled: Record<string, unknown> = { ...parsed };
  for (const [name, entry] of Object.entries(SETTINGS) as [string, SettingEntry<unknown>][]) {
    if (filled[name] === undefined && entry.empty !== undefined) filled[name] = entry.empty;
  }
  return filled as unknown as CheckSettings;
}
