import { isSchemaObject } from '../../generate/schemaObject.js';

/** A tool's top-level string enum properties: name → the values its schema allows, in schema order. */
export type EnumProperties = Readonly<Record<string, readonly string[]>>;

/** Per enum property, the values used in commands whose first call succeeded. */
export type EnumUse = Readonly<Record<string, readonly string[]>>;

/** Names that say a property picks what the tool does. */
const MODE_NAME = /^(action|actions|operation|op|mode|command|cmd|method|verb|task|intent|subcommand)$/i;

/** Values that are verbs a tool acts by: an enum of them picks what the tool does, whatever its name. */
const MODE_VERB =
  /^(list|get|read|show|view|fetch|find|search|query|count|describe|create|add|new|insert|put|set|update|edit|modify|patch|rename|move|copy|upsert|write|append|save|delete|remove|del|rm|drop|clear|reset|purge|destroy|archive|close|open|start|stop|run|exec|execute|push|pull|merge|sync|import|export|enable|disable)(_.*)?$/i;

/** Enums longer than this list the values they are missing by the first few. */
const LISTED = 8;

/**
 * Pure: the top-level properties of an input schema whose values are a closed set of strings: `enum` (or a
 * `type: string` with one), or `oneOf`/`anyOf` of `const` strings. Properties of two values or more only.
 */
export function enumProperties(inputSchema: unknown): EnumProperties {
  if (!isSchemaObject(inputSchema) || !isSchemaObject(inputSchema.properties)) return {};
  const found: Record<string, readonly string[]> = {};
  for (const [name, property] of Object.entries(inputSchema.properties)) {
    const values = stringValues(property);
    if (values !== undefined && values.length >= 2) found[name] = values;
  }
  return found;
}

function stringValues(property: unknown): string[] | undefined {
  if (!isSchemaObject(property)) return undefined;
  if (Array.isArray(property.enum)) {
    return property.enum.every((value) => typeof value === 'string')
      ? [...new Set(property.enum)]
      : undefined;
  }
  const branches = property.oneOf ?? property.anyOf;
  if (!Array.isArray(branches)) return undefined;
  const consts = branches.map((branch) => (isSchemaObject(branch) ? branch.const : undefined));
  return consts.every((value) => typeof value === 'string') ? [...new Set(consts)] : undefined;
}

/** Pure: whether an enum property picks what the tool does (`action: list|create|delete`), by name or values. */
export function isModeLike(name: string, values: readonly string[]): boolean {
  return MODE_NAME.test(name) || values.filter((value) => MODE_VERB.test(value)).length >= 2;
}

/** Pure: the use with the enum values of one more successful command's arguments. */
export function recordEnumUse(
  use: EnumUse,
  properties: EnumProperties,
  args: Readonly<Record<string, unknown>>,
): EnumUse {
  let next: Record<string, readonly string[]> | undefined;
  for (const [name, values] of Object.entries(properties)) {
    const value = args[name];
    if (typeof value !== 'string' || !values.includes(value)) continue;
    const used = use[name] ?? [];
    if (used.includes(value)) continue;
    next ??= { ...use };
    next[name] = [...used, value];
  }
  return next ?? use;
}

/**
 * Pure: for each mode-like enum property with values never used in a successful command, what was and was
 * not exercised: `action: only list was exercised (create, delete never succeeded)`. Values in schema order.
 */
export function unexercisedModes(properties: EnumProperties, use: EnumUse): string[] {
  return Object.entries(properties).flatMap(([name, values]) => {
    if (!isModeLike(name, values)) return [];
    const used = values.filter((value) => use[name]?.includes(value));
    const missing = values.filter((value) => !used.includes(value));
    if (missing.length === 0) return [];
    const shown = missing.slice(0, LISTED).join(', ');
    const more = missing.length > LISTED ? ` and ${missing.length - LISTED} more` : '';
    const exercised =
      used.length === 0
        ? 'no value was exercised'
        : used.length === 1
          ? `only ${used[0]} was exercised`
          : `only ${used.join(', ')} were exercised`;
    return [`${name}: ${exercised} (${shown}${more} never succeeded)`];
  });
}
