import { SetupError } from './setupError.js';
import type { CommandOptions } from './executeCommand.js';
import { executeCommand } from './executeCommand.js';
import type { Observation } from './observation.js';
import type { SessionPool } from './sessionPool.js';

/**
 * One run of the run model with a single command: a fresh session from the pool, the command called twice,
 * the session released. A server that fails to start for this run yields an observation whose call crashed
 * (inconclusive evidence), never a pass.
 */
export async function runOneCommand(
  pool: SessionPool,
  tool: string,
  args: Readonly<Record<string, unknown>>,
  options: CommandOptions,
): Promise<Observation> {
  let session;
  try {
    session = await pool.take();
  } catch (error) {
    if (!(error instanceof SetupError)) throw error;
    const message = `the server failed to start for this run: ${error.message.split('\n', 1)[0] ?? ''}`;
    return { tool, args, call1: { outcome: { status: 'crashed', message }, changes: [] }, excluded: [] };
  }
  try {
    const { observation } = await executeCommand(session, session.baseline, tool, args, options);
    return observation;
  } finally {
    pool.release(session);
  }
}
