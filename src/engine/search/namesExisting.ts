import { isIntegerIdName } from '../../generate/index.js';

/** A string that is an SQL statement: its first word is a statement's. */
const SQL_STATEMENT =
  /^\s*(select|insert|update|delete|with|create|drop|alter|truncate|explain|merge|upsert)\b/i;

/** Identifiers in SQL text: bare words (possibly schema-qualified) and double-quoted names. */
const SQL_IDENTIFIER = /"((?:[^"]|"")+)"|[A-Za-z_][\w$]*/g;

/**
 * Whether generated arguments name an entity that existed before the call: some string among them (at any
 * depth) is one of the values harvested from the sandbox (a path, a name, a key), or is an SQL statement
 * that names one of them as an identifier (`SELECT * FROM articles` when `articles` is a table of the
 * sandbox's database): a statement over an existing table meets its rows; or a whole number under an id's
 * name (`ticket_id: 1001`, see `isIntegerIdName`) is one of them written in digits. Pure.
 */
export function namesExisting(args: unknown, existing: ReadonlySet<string>, key?: string): boolean {
  if (typeof args === 'string') return existing.has(args) || statementNames(args, existing);
  if (typeof args === 'number')
    return Number.isSafeInteger(args) && isIntegerIdName(key) && existing.has(String(args));
  if (Array.isArray(args)) return args.some((item) => namesExisting(item, existing, key));
  if (typeof args === 'object' && args !== null)
    return Object.entries(args).some(([name, item]) => namesExisting(item, existing, name));
  return false;
}

function statementNames(text: string, existing: ReadonlySet<string>): boolean {
  if (!SQL_STATEMENT.test(text)) return false;
  for (const match of text.matchAll(SQL_IDENTIFIER)) {
    const name = match[1] === undefined ? match[0] : match[1].replaceAll('""', '"');
    if (existing.has(name)) return true;
  }
  return false;
}

/**
 * Whether a tool's arguments cannot name an entity: every top-level property is a boolean or picks among fixed
 * values (`enum`, `const`), as in `read_notes(format: json|text)`. Such a tool, like one without arguments,
 * acts on what the sandbox holds as a whole. A number may be an id (`delete_item(id: 42)`) and a free string
 * a name, so either makes the arguments able to name something. Pure.
 */
export function argumentsNameNothing(inputSchema: unknown): boolean {
  if (typeof inputSchema !== 'object' || inputSchema === null) return false;
  const properties = (inputSchema as { properties?: unknown }).properties;
  if (typeof properties !== 'object' || properties === null) return false;
  const values = Object.values(properties);
  return values.length > 0 && values.every(fixedChoice);
}

function fixedChoice(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const record = schema as { type?: unknown; enum?: unknown; const?: unknown };
  return Array.isArray(record.enum) || 'const' in record || record.type === 'boolean';
}
