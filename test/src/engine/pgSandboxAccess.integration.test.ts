import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsProvider } from '../../../harness/environments/fs/index.js';
import { createPgProvider } from '../../../harness/environments/postgres/index.js';
import type { PgProvider } from '../../../harness/environments/postgres/index.js';
import { detectIsolation } from '../../../harness/process/isolation.js';
import { startSession } from '../../../src/engine/session/session.js';

const fixture = new URL('../../fixtures/servers/pg-reach.js', import.meta.url).pathname;
const seed = new URL('../../fixtures/pg/reach.sql', import.meta.url).pathname;
/** The machine's PostgreSQL service (.ci/run starts it), the url provider's server. */
const SERVICE = 'postgres://postgres@127.0.0.1:5432/postgres';
/** The same service through its unix socket directory (libpq's URL form). */
const SERVICE_SOCKET = 'postgres://postgres@/postgres?host=/var/run/postgresql&port=5432';
const mechanisms = (['bubblewrap', 'unshare'] as const).filter((kind) => detectIsolation(kind).kind === kind);
const root = mkdtempSync(join(tmpdir(), 'hintproof-pg-access-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Attempt {
  readonly ok: boolean;
  readonly error?: string;
  readonly rows?: { n: number }[];
}

const providers = [
  { name: 'embedded', options: { provider: 'embedded' } },
  { name: 'url', options: { provider: 'url', url: SERVICE } },
  { name: 'url over a unix socket', options: { provider: 'url', url: SERVICE_SOCKET } },
] as const;

describe.each(providers)('an isolated server with a pg environment ($name provider)', ({ name, options }) => {
  let provider: PgProvider;
  beforeAll(async () => {
    provider = await createPgProvider({ seed, ...options });
  }, 60_000);
  afterAll(async () => {
    await provider?.[Symbol.asyncDispose]();
  });

  it.each(mechanisms)('under %s reaches its own database only, and no socket of the host', async (kind) => {
    const fs = await createFsProvider({});
    const directory = join(root, `${name.replaceAll(' ', '-')}-${kind}`);
    const session = await startSession(
      {
        command: process.execPath,
        args: [fixture, '{pg}', '{pg.host}', '{pg.port}'],
        env: {},
        startupTimeoutSeconds: 20,
        clientVersion: 'test',
        isolation: { mechanism: kind, traceEgress: true },
      },
      [fs, provider],
      directory,
    );
    try {
      // The server is given the sandbox's side of the way in; hintproof keeps the real one.
      expect(session.placeholders['pg.host']).toBe('127.0.0.1');
      const call = async (tool: string) => {
        const outcome = await session.connection.callTool(tool, {}, 20);
        if (outcome.status !== 'returned') throw new Error(`${tool}: ${JSON.stringify(outcome)}`);
        return JSON.parse(outcome.text) as Record<string, Attempt>;
      };
      expect(await call('count_notes')).toMatchObject({ ok: true, rows: [{ n: 2 }] });
      expect(await call('count_by_parts')).toMatchObject({ ok: true, rows: [{ n: 2 }] });
      expect(await session.egress()).toEqual([]);
      const past = await call('reach_past');
      // The host's socket directory is not in the sandbox.
      expect(past.hostSocket?.ok).toBe(false);
      // Another database through the sandbox's own way in is refused by the gate.
      expect(past.otherDatabase?.ok).toBe(false);
      expect(past.otherDatabase?.error).toMatch(/this sandbox may connect only to database "hintproof_/);
      const egress = (await session.egress()).map((attempt) => attempt.destination);
      // The host's socket is absent inside, and asking for it is egress all the same.
      const hostSocket = '/var/run/postgresql/.s.PGSQL.5432';
      if (provider.server.admin.port === 5432) {
        // The sandbox's relay listens on the server's own port: 127.0.0.1:5432 inside is the gate, not the host.
        expect(past.hostTcp?.ok).toBe(true);
        expect(egress).toEqual([hostSocket]);
      } else {
        expect(past.hostTcp?.ok).toBe(false);
        expect(egress).toEqual(['127.0.0.1:5432', hostSocket]);
      }
    } finally {
      await session[Symbol.asyncDispose]();
      await fs[Symbol.asyncDispose]();
    }
    // Nothing is left beside the run directory.
    for (const suffix of ['', '.gate', '.root', '.egress']) {
      expect(existsSync(`${directory}${suffix}`), suffix).toBe(false);
    }
  });
});
