import { Directory, removeTree } from '../../tree/index.js';
import type { Change } from '../change.js';
import type { EnvironmentInstance, HarvestedValue, Snapshot } from '../environment.js';
import { diffFsSnapshots } from './diffFsSnapshots.js';
import type { FsSnapshot } from './fsEntry.js';
import type { TreeEnvironment } from './fsEntry.js';
import { FS_ENVIRONMENT } from './fsEntry.js';
import { harvestFsSnapshot } from './harvestFsSnapshot.js';
import { harvestWritten } from './harvestWritten.js';
import { openFsClock } from './readFsClock.js';
import { StatCache } from './statCache.js';
import { takeFsSnapshot } from './takeFsSnapshot.js';

/** Counters for tests and benchmarks. */
interface FsInstanceStats {
  readonly snapshots: number;
  /** Files whose content was read, summed over all snapshots; files vouched for by the stat cache are not. */
  readonly filesHashed: number;
}

export interface FsInstance extends EnvironmentInstance {
  /** The sandbox directory (absolute); also `placeholders.fs`. */
  readonly root: string;
  /** A fresh copy of the counters at the time of reading. */
  readonly stats: FsInstanceStats;
  snapshot(): Promise<FsSnapshot>;
}

/**
 * The instance over an already-populated sandbox directory `root`, opened here, before any server runs, and
 * read through that open directory ever after (see `takeFsSnapshot`). `clockFile` is a new file outside the
 * sandbox, in a directory the server cannot write, created here to read the filesystem's clock (see
 * `StatCache`, `openFsClock`). Snapshots are taken one at a time, in call order. Disposing removes `root` and
 * `clockFile`. `environment` names the tree in changes and its placeholder: `fs`, the server's `home` or
 * `tmp`, or `pkg` (the run's copy of an installed package, whose `installed` files, its code, offer no
 * harvested values: see `harvestWritten`).
 */
export async function createFsInstance(
  root: string,
  clockFile: string,
  environment: TreeEnvironment = FS_ENVIRONMENT,
  installed: ReadonlySet<string> = new Set(),
): Promise<FsInstance> {
  const directory = await Directory.open(root);
  const clock = await openFsClock(clockFile).catch(async (error: unknown) => {
    await directory.close();
    throw error;
  });
  const cache = new StatCache();
  let snapshots = 0;
  let filesHashed = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let disposed = false;

  const take = async (): Promise<FsSnapshot> => {
    const clockNs = await clock.read();
    const taken = await takeFsSnapshot(directory, cache, clockNs);
    snapshots++;
    filesHashed += taken.filesHashed;
    return environment === FS_ENVIRONMENT
      ? taken.snapshot
      : Object.freeze({ ...taken.snapshot, environment });
  };

  return {
    name: environment,
    root,
    placeholders: Object.freeze({ [environment]: root }),
    get stats(): FsInstanceStats {
      return { snapshots, filesHashed };
    },
    snapshot(): Promise<FsSnapshot> {
      if (disposed) {
        return Promise.reject(
          new Error(
            `${environment}: snapshot() called after the sandbox ${root} was disposed. Take snapshots before disposing.`,
          ),
        );
      }
      const next = queue.then(take);
      queue = next.catch(() => undefined);
      return next;
    },
    diff(before: Snapshot, after: Snapshot): Change[] {
      return diffFsSnapshots(before, after);
    },
    harvest(snapshot: Snapshot): HarvestedValue[] {
      // A package's own files are its code: their paths and names would only be noise in arguments.
      return environment === 'pkg' ? harvestWritten(snapshot, installed) : harvestFsSnapshot(snapshot);
    },
    async [Symbol.asyncDispose](): Promise<void> {
      if (disposed) return;
      disposed = true;
      await queue;
      await clock[Symbol.asyncDispose]();
      await directory.close();
      await removeTree(root);
      await removeTree(clockFile);
    },
  };
}
