import { carriesSql } from '../../generate/sqlRole.js';
import { isSchemaObject } from '../../generate/schemaObject.js';

/**
 * Words that begin or carry a statement that changes a database (in a CTE, after a `;`, anywhere), and a
 * PRAGMA that sets a value (`PRAGMA user_version = 7`).
 */
const WRITING =
  /\b(insert|update|delete|merge|upsert|replace|create|drop|alter|truncate|rename|grant|revoke|comment\s+on|reindex|vacuum|cluster|copy|import|attach|detach|refresh)\b|\bpragma\s+[\w."]+\s*=/i;

/**
 * Pure: the tool's top-level string properties that surely carry SQL (`carriesSql`: `sql`, a `query` its
 * description calls SQL). A tool such a property drives can read or write whatever the text says: which of
 * the two it does is a mode, like an `action` enum's values.
 */
export function sqlProperties(tool: {
  readonly description?: string;
  readonly inputSchema?: unknown;
}): string[] {
  const schema = tool.inputSchema;
  if (!isSchemaObject(schema) || !isSchemaObject(schema.properties)) return [];
  return Object.entries(schema.properties).flatMap(([name, property]) =>
    isSchemaObject(property) &&
    (property.type === 'string' || property.type === undefined) &&
    carriesSql(name, property, tool)
      ? [name]
      : [],
  );
}

/** Pure: whether a statement's text writes (or may: any writing word counts, disguised or not). */
export function writesSql(text: unknown): boolean {
  return typeof text === 'string' && WRITING.test(text);
}

/**
 * Pure: the SQL properties that carried a writing statement in these arguments of a successful command; with
 * `changed` (the command changed state), every SQL property it was given: a statement that reads like a query
 * wrote (`SELECT f()`, where `f` updates rows).
 */
export function recordSqlWrites(
  written: readonly string[],
  properties: readonly string[],
  args: Readonly<Record<string, unknown>>,
  changed = false,
): readonly string[] {
  const more = properties.filter(
    (name) =>
      !written.includes(name) && (writesSql(args[name]) || (changed && typeof args[name] === 'string')),
  );
  return more.length === 0 ? written : [...written, ...more];
}

/**
 * Pure: per SQL property no writing statement succeeded through: `sql: no writing statement succeeded (only
 * reads were exercised)`. Suggesting a reader's hints there rests on reads alone.
 */
export function unexercisedWrites(properties: readonly string[], written: readonly string[]): string[] {
  return properties
    .filter((name) => !written.includes(name))
    .map((name) => `${name}: no writing statement succeeded (only reads were exercised)`);
}
