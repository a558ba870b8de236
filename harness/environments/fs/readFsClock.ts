import { stat, writeFile } from 'node:fs/promises';

/**
 * The filesystem's own "now", in ns: writes one byte to `markerPath` (outside the sandbox) and reads back its
 * ctime. Using the filesystem's clock rather than the process clock gives the same tick and the same source
 * as the timestamps it is compared with (network filesystems stamp with the server's clock).
 */
export async function readFsClock(markerPath: string): Promise<bigint> {
  await writeFile(markerPath, '.');
  return (await stat(markerPath, { bigint: true })).ctimeNs;
}
