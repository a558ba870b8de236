import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, vi } from 'vitest';
import type { Change } from '../../../../harness/environments/change.js';
import type { PgInstance, PgProvider } from '../../../../harness/environments/postgres/index.js';
import { createPgProvider } from '../../../../harness/environments/postgres/index.js';

const seed = fileURLToPath(new URL('./captureSeed.sql', import.meta.url));

/** Runs `work`, and returns the SQL of every query any pg client in this process sent meanwhile. */
export async function queriesDuring(work: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await work();
    return spy.mock.calls.map(([query]) =>
      typeof query === 'string' ? query : ((query as { text?: string } | undefined)?.text ?? ''),
    );
  } finally {
    spy.mockRestore();
  }
}

/** Tier one (fingerprints) and tier two (full row reads) of the fallback, as they appear in SQL. */
export const isFingerprint = (sql: string) => sql.includes('hashtextextended');
export const isRowRead = (sql: string) => sql.includes('to_jsonb(_hintproof_row)');

export const show = (changes: readonly Change[]) => changes.map((c) => `${c.kind} ${c.entity}`);

/**
 * An embedded cluster seeded with captureSeed.sql for the whole file. `run(work)` hands `work` a fresh
 * run database: a client connected as the server would be, the instance, and `step(sql…)`, which runs
 * statements as the server and returns the changes between the snapshots around them. The server connects
 * as its database's owner, or as a superuser with `superuser` (--pg-superuser).
 */
export function useCaptureProvider(options: { readonly superuser?: boolean } = {}) {
  let provider: PgProvider;
  beforeAll(async () => {
    provider = await createPgProvider({ seed, provider: 'embedded', ...options });
  });
  afterAll(async () => {
    await provider?.[Symbol.asyncDispose]();
  });
  return {
    get provider() {
      return provider;
    },
    async run<T>(
      work: (run: {
        client: pg.Client;
        instance: PgInstance;
        step: (...statements: string[]) => Promise<Change[]>;
      }) => Promise<T>,
    ): Promise<T> {
      await using instance = await provider.create('/unused');
      const client = new pg.Client(instance.placeholders.pg);
      await client.connect();
      let latest = await instance.snapshot();
      const step = async (...statements: string[]) => {
        for (const statement of statements) await client.query(statement);
        const next = await instance.snapshot();
        const changes = instance.diff(latest, next);
        latest = next;
        return changes;
      };
      try {
        return await work({ client, instance, step });
      } finally {
        await client.end();
      }
    },
  };
}
