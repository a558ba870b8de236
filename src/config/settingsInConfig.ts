import type { SettingName, SettingValue } from '../settings/checkSettings.js';
import type { SettingEntry } from '../settings/settingEntry.js';
import { SETTINGS } from '../settings/settingsTable.js';

type Table = typeof SETTINGS;

/**
 * Objects of the config that may be given as one value instead: `environments: { pg: 'seed.sql' }` is
 * `environments: { pg: { seed: 'seed.sql' } }`.
 */
const CONFIG_SHORTHANDS = { 'environments.pg': 'seed' } as const;

/** The settings a config file may set, with their dotted keys, in the table's order. */
export const CONFIG_SETTINGS = (Object.entries(SETTINGS) as [SettingName, SettingEntry<unknown>][]).flatMap(
  ([name, entry]) => (entry.config === undefined ? [] : [{ name, key: entry.config.key, entry }]),
);

/** The value at a dotted `key` of a config (its shorthand undone), or undefined. */
export function configValue(config: unknown, key: string): unknown {
  let at: unknown = config;
  let path = '';
  for (const part of key.split('.')) {
    const shorthand = CONFIG_SHORTHANDS[path.slice(0, -1) as keyof typeof CONFIG_SHORTHANDS];
    if (typeof at === 'string' && shorthand !== undefined) at = { [shorthand]: at };
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[part];
    path += `${part}.`;
  }
  return at;
}

/** The JSON Schema `properties` of the settings part of a config, nested by key. */
export function settingsSchema(): Record<string, Readonly<Record<string, unknown>>> {
  const tree: Record<string, unknown> = {};
  for (const { key, entry } of CONFIG_SETTINGS) {
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1) ?? key] = entry.kind.schema;
  }
  return schemaOf(tree, '');
}

function schemaOf(
  tree: Record<string, unknown>,
  prefix: string,
): Record<string, Readonly<Record<string, unknown>>> {
  return Object.fromEntries(
    Object.entries(tree).map(([part, node]) => {
      const key = `${prefix}${part}`;
      if (isLeaf(node)) return [part, node];
      const object = {
        type: 'object',
        additionalProperties: false,
        properties: schemaOf(node as Record<string, unknown>, `${key}.`),
      };
      const shorthand = CONFIG_SHORTHANDS[key as keyof typeof CONFIG_SHORTHANDS];
      const short = shorthand === undefined ? undefined : (node as Record<string, unknown>)[shorthand];
      return [part, short === undefined ? object : { oneOf: [short, object] }];
    }),
  );
}

/** A kind's schema (`type`, `enum`) rather than a branch of keys. */
function isLeaf(node: unknown): node is Readonly<Record<string, unknown>> {
  return typeof node === 'object' && node !== null && ('type' in node || 'enum' in node);
}

type ByKey = {
  [
    K in SettingName as Table[K] extends { config: { key: infer C extends string } } ? C : never
  ]: SettingValue<K>;
};
type Head<K> = K extends `${infer H}.${string}` ? H : K;
type Below<T, H extends string> = { [K in keyof T as K extends `${H}.${infer R}` ? R : never]: T[K] };
type Short<P extends string, T> = P extends keyof typeof CONFIG_SHORTHANDS
  ? T[(typeof CONFIG_SHORTHANDS)[P] & keyof T] | Nested<T, `${P}.`>
  : Nested<T, `${P}.`>;
type Nested<T, P extends string = ''> = {
  readonly [H in Head<keyof T & string>]?: H extends keyof T ? T[H] : Short<`${P}${H}`, Below<T, H>>;
};

/** The settings part of a config file, nested by the table's keys (`environments.fs` → `environments: { fs }`). */
export type ConfigSettings = Nested<ByKey>;
