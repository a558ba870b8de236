import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { splitSql } from './splitSql.js';

/**
 * Runs a seed script statement by statement, so that a failure names its file, line and Postgres message.
 * Throws before any run when the file cannot be read or a statement fails. `role`: the role it runs as (the
 * server's, no superuser): a statement refused for want of privilege says how to seed as a superuser.
 */
export async function loadSeed(client: pg.Client, file: string, role?: string): Promise<void> {
  let script: string;
  try {
    script = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(
      `--pg: cannot read the seed file ${file}: ${error instanceof Error ? error.message : String(error)}. ` +
        'Pass a path to a .sql file (relative to the current directory).',
      { cause: error },
    );
  }
  for (const statement of splitSql(script)) {
    try {
      await client.query(statement.text);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const firstLine = statement.text.split('\n', 1)[0] ?? '';
      const refused = role !== undefined && (error as { code?: unknown }).code === '42501';
      throw new Error(
        `--pg: the seed ${file} failed at line ${statement.line}: ${message}\n  statement: ${firstLine.slice(0, 120)}` +
          (refused
            ? `\nThe seed runs as the server's role "${role}", which is no superuser. Seed without that ` +
              'statement, or pass --pg-superuser (the server then connects as a superuser too).'
            : '\nFix the statement (the seed is loaded into an empty database, one statement at a time).'),
        { cause: error },
      );
    }
  }
}
