import { setTimeout as sleep } from 'node:timers/promises';
import type { McpConnection } from './connection.js';

/** How long each ping may take before the server is taken not to answer pings. */
const PING_SECONDS = 2;

/**
 * Lets `ms` pass in the server's own time, not only in hintproof's: sleeps `ms`, then waits for two ping round
 * trips. On a loaded machine a server may not have run at all while hintproof slept, so a timer due in the
 * window (a background job's write) would not have fired yet. An event loop answers the I/O it wakes for
 * before it runs the timers that came due meanwhile, so once a second ping is answered, what was due by the
 * first has run.
 */
export async function letServerRun(connection: McpConnection, ms: number): Promise<void> {
  await sleep(ms);
  await connection.ping(PING_SECONDS);
  await connection.ping(PING_SECONDS);
}
