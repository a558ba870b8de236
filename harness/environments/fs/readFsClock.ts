import { constants, fstatSync, writeSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';

/** A new file, never through a link (O_EXCL refuses an existing name, links included). */
const CREATE_FLAGS = constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/**
 * The filesystem's own "now" (see `readFsClock`), read through a marker file created once, before the server
 * starts, and only ever written through its open handle: whatever becomes of its name, no later write is
 * made by path, so nothing swapped in there is ever followed.
 */
export interface FsClock extends AsyncDisposable {
  read(): Promise<bigint>;
}

/** Creates the marker `path` (which must not exist; its directory must be hintproof's own). */
export async function openFsClock(path: string): Promise<FsClock> {
  const handle = await open(path, CREATE_FLAGS, 0o600);
  return {
    // A failing call rejects, as the fs/promises calls did: it never throws out of `read()` itself.
    read: () => new Promise((resolve) => resolve(readFsClock(handle))),
    [Symbol.asyncDispose]: () => handle.close(),
  };
}

/**
 * The filesystem's own "now", in ns: writes one byte to the marker and reads back its ctime. Using the
 * filesystem's clock rather than the process clock gives the same tick and the same source as the timestamps
 * it is compared with (network filesystems stamp with the server's clock). Two synchronous calls on the open
 * handle's descriptor: through fs/promises each was a thread-pool round trip costing many times the call,
 * and a snapshot reads the clock every time.
 */
function readFsClock(marker: FileHandle): bigint {
  writeSync(marker.fd, '.', 0);
  return fstatSync(marker.fd, { bigint: true }).ctimeNs;
}
