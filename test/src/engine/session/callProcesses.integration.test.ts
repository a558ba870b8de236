import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFsProvider } from '../../../../harness/environments/fs/index.js';
import { detectIsolation } from '../../../../harness/process/isolation.js';
import { CALL_PROCESSES_MS } from '../../../../src/engine/session/callProcesses.js';
import { startSession } from '../../../../src/engine/session/session.js';

const fixture = new URL('../../../fixtures/servers/answers-early.js', import.meta.url).pathname;
const root = mkdtempSync(join(tmpdir(), 'hintproof-call-processes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const mechanisms = (['bubblewrap', 'unshare'] as const).filter((kind) => detectIsolation(kind).kind === kind);
const ways = [
  { name: 'not isolated', isolation: undefined },
  ...mechanisms.map((mechanism) => ({ name: mechanism, isolation: { mechanism, traceEgress: true } })),
];

describe('a call ends once the processes the server started for it have ended', () => {
  it.each(ways)('$name', async ({ name, isolation }) => {
    const fs = await createFsProvider({});
    const session = await startSession(
      {
        command: process.execPath,
        args: [fixture, '300'],
        env: {},
        startupTimeoutSeconds: 20,
        clientVersion: 'test',
        ...(isolation === undefined ? {} : { isolation }),
      },
      [fs],
      join(root, name),
    );
    try {
      const held = join(session.sandbox.placeholders.fs ?? '', 'held.lock');
      const call = async (tool: string) => {
        const started = performance.now();
        const outcome = await session.connection.callTool(tool, {}, 20);
        expect(outcome).toMatchObject({ status: 'returned', text: 'answered' });
        return performance.now() - started;
      };
      // The server answered at once; its grandchild held the lock 300 ms more, and the call waited for it.
      expect(await call('lock_briefly')).toBeGreaterThanOrEqual(300);
      expect(existsSync(held)).toBe(false);
      // A process that outlives the wait is left running: the call ends after CALL_PROCESSES_MS, not its minute.
      expect(await call('start_daemon')).toBeLessThan(CALL_PROCESSES_MS + 5000);
      // Running before the next call, the daemon is not that call's: it waits only for its own.
      const next = await call('lock_briefly');
      expect(existsSync(held)).toBe(false);
      expect(next).toBeLessThan(CALL_PROCESSES_MS);
    } finally {
      await session[Symbol.asyncDispose]();
      await fs[Symbol.asyncDispose]();
    }
  });
});
