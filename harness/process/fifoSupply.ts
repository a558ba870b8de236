import { execFile } from 'node:child_process';
import { linkSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** FIFOs one mkfifo child makes at a time, for the sessions to come in the same directory. */
const BATCH = 8;

/** Per directory: FIFOs made and not handed out yet, or the batch being made. */
const held = new Map<string, { names: string[]; making?: Promise<void> }>();
let batches = 0;

/**
 * Makes `path` a FIFO (mode 0600) and fails, as mkfifo does, when the name is taken (a link or a directory
 * included: nothing there is followed or replaced). Node has no mkfifo: a child makes them, `BATCH` at a time
 * under hidden names in the same directory, and each is handed out by a hard link to its final name. A child is
 * a fork of this process (~6 ms at 150 MB): one per batch rather than one per session. The directory must be
 * hintproof's own, out of the server's reach; the names not handed out go when it is removed.
 */
export async function makeFifo(path: string): Promise<void> {
  const directory = dirname(path);
  let stock = held.get(directory);
  if (stock === undefined) {
    // A check's directory goes when it ends: forget those gone, so a long watch does not pile them up.
    for (const known of held.keys()) if (directoryGone(known)) held.delete(known);
    stock = { names: [] };
    held.set(directory, stock);
  }
  for (;;) {
    while (stock.names.length === 0) {
      stock.making ??= makeBatch(directory, stock.names).finally(() => {
        if (stock !== undefined) delete stock.making;
      });
      await stock.making;
    }
    const made = stock.names.shift() as string;
    try {
      linkSync(made, path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // The directory was emptied or made again since the batch: its FIFOs are gone, make others.
      if (code === 'ENOENT' && !directoryGone(directory)) {
        stock.names.length = 0;
        continue;
      }
      stock.names.unshift(made);
      throw new Error(code === 'EEXIST' ? `${path}: File exists` : (error as Error).message);
    }
    unlinkSync(made);
    return;
  }
}

function directoryGone(directory: string): boolean {
  try {
    return !statSync(directory).isDirectory();
  } catch {
    return true;
  }
}

async function makeBatch(directory: string, into: string[]): Promise<void> {
  const names = Array.from({ length: BATCH }, (_, index) =>
    join(directory, `.fifo-${String(process.pid)}-${String(batches)}-${String(index)}`),
  );
  batches++;
  const failure = await new Promise<string | undefined>((resolve) => {
    execFile('mkfifo', ['-m', '600', ...names], { encoding: 'utf8', timeout: 5000 }, (error, _out, stderr) =>
      resolve(error === null ? undefined : stderr.trim() || error.message),
    );
  });
  if (failure !== undefined) {
    for (const name of names) {
      try {
        unlinkSync(name);
      } catch {
        // Not made.
      }
    }
    throw new Error(failure);
  }
  into.push(...names);
}
