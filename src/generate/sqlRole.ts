/** What kind of statement a SQL-carrying property most likely wants, judged from its tool. */
export type SqlIntent = 'read' | 'write' | 'ddl' | 'any';

const SQL_NAME = /(^|[^a-z])sql([^a-z]|$)|^(query|statement|stmt|sql_?query|raw_?query)$/i;
const SQL_WORDS =
  /\bsql\b|\bselect\b|\bquer(y|ies)\b.*\b(database|table|postgres|sqlite|mysql)\b|\b(postgres|sqlite|mysql)\b.*\bquer(y|ies)\b|\b(insert|update|delete)\b.*\bquer(y|ies)\b|\b(create|alter|drop) table\b|\btables?\b.*\bdatabase\b|\btable schema\b/i;

/**
 * Whether a string property carries SQL: its format says `sql`, its name is `sql` (or contains it as a word:
 * `sql_query`, `rawSql`), or it is named like a query (`query`, `statement`) and its description, or when it
 * has none its tool's ("Execute SELECT queries", "CREATE TABLE …"), speaks of SQL or a database. A plain
 * `query` (a search box) without such a description is not SQL (but see `namedLikeQuery`).
 */
export function carriesSql(
  propertyName: string | undefined,
  schema: { readonly description?: unknown; readonly format?: unknown },
  tool?: { readonly description?: string },
): boolean {
  if (typeof schema.format === 'string' && /^sql$/i.test(schema.format)) return true;
  const name = snakeCase(propertyName);
  const own = typeof schema.description === 'string' ? schema.description.trim() : '';
  const description = own === '' ? (tool?.description ?? '') : own;
  if (/(^|_)sql(_|$)/i.test(name)) return true;
  return SQL_NAME.test(name) && SQL_WORDS.test(description);
}

/**
 * Whether a property is named like a query or statement (`query`, `statement`, `raw_query`) without saying
 * what language: in a sandbox with a database it may well be SQL (`export_query`'s `query`), or a search box.
 */
export function namedLikeQuery(propertyName: string | undefined): boolean {
  return SQL_NAME.test(snakeCase(propertyName));
}

function snakeCase(name: string | undefined): string {
  return (name ?? '').replace(/([a-z0-9])([A-Z])/g, '$1_$2');
}

/**
 * The statements a tool probably accepts, from its name and description: `read_query`, "Run a read-only
 * SQL query" → read; `write_query`, "insert, update or delete" → write; `create_table`, "DDL" → ddl;
 * "Execute arbitrary SQL" (whatever examples follow), anything else → any.
 */
export function sqlIntent(
  tool: { readonly name: string; readonly description?: string } | undefined,
): SqlIntent {
  if (tool === undefined) return 'any';
  const text = `${tool.name.replace(/[_-]/g, ' ')} ${tool.description ?? ''}`.toLowerCase();
  if (/\barbitrary\b|\bany[ _](valid[ _])?sql\b/.test(text)) return 'any';
  if (/\b(create|alter|drop) table\b|\bddl\b|\bschema change/.test(text)) return 'ddl';
  if (/\bread[- ]only\b|\bread\b|\bselect\b/.test(text) && !/\b(write|insert|update|delete)\b/.test(text)) {
    return 'read';
  }
  if (/\b(write|insert|update|delete|modify|execute|exec|mutat)/.test(text)) return 'write';
  return 'any';
}
