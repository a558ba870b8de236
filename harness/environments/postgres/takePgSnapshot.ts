import type pg from 'pg';
import type { HarvestedValue } from '../environment.js';
import { judgeCapture } from './judgeCapture.js';
import type { PgOrigin } from './pgOrigin.js';
import type { PgSnapshot } from './pgSnapshot.js';
import { PG_ENVIRONMENT } from './pgTarget.js';
import { readCapture } from './readCapture.js';
import { readCatalog, readKeys, readSequences } from './readCatalog.js';
import { LOG_START } from './logPosition.js';
import { readLog } from './readLog.js';
import { rescan } from './rescan.js';
import { waitForIdle } from './waitForIdle.js';

/**
 * Snapshots the run's database: waits for the server's backends to go idle, then in one read-only
 * repeatable-read transaction reads the catalogs, the sequences, the state of change capture and the
 * change-log entries not read before. While capture is intact the cost follows the number of changed
 * rows, not the size of tables; a table whose log cannot be trusted since `previous` (see judgeCapture)
 * is fingerprinted, and read in full only when its fingerprint moved (see rescan). `client` must use the
 * canonical output settings.
 */
export async function takePgSnapshot(
  client: pg.ClientBase,
  previous: PgSnapshot | undefined,
  samples: readonly HarvestedValue[],
  origin: PgOrigin,
): Promise<PgSnapshot> {
  const open = await waitForIdle(client);
  await client.query('begin isolation level repeatable read read only');
  try {
    const objects = await readCatalog(client);
    const keys = await readKeys(client);
    const sequences = await readSequences(client);
    const capture = await readCapture(client);
    const seq = previous === undefined ? 0 : previous.seq + 1;
    const from = previous?.logPosition ?? LOG_START;
    // Without hintproof's own objects as the template had them, the log proves nothing: read no more of it.
    const readable = capture.machine === origin.capture.machine && (previous?.judgement.intact ?? true);
    const { entries, position } = readable ? await readLog(client, from) : { entries: [], position: from };
    const log = entries.length === 0 ? (previous?.log ?? []) : [...(previous?.log ?? []), ...entries];
    const judgement = judgeCapture({
      template: origin.capture,
      ...(previous === undefined ? {} : { previous }),
      current: capture,
      typeAltered: entries.some((entry) => entry.op === 'T'),
    });
    const { bases, rescans } = await rescan(client, {
      seq,
      previous,
      origin,
      capture,
      untrusted: judgement.untrusted,
      log,
    });
    return {
      environment: PG_ENVIRONMENT,
      seq,
      objects,
      keys,
      sequences,
      log,
      logPosition: position,
      capture,
      judgement,
      bases,
      rescans,
      open,
      samples,
    };
  } finally {
    await client.query('commit');
  }
}
