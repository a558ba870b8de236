import type { Directory } from './directory.js';

/** An open directory shared by the work that still needs it: closed when the last of it is done. */
interface Held {
  readonly directory: Directory;
  uses: number;
  readonly owned: boolean;
}

/**
 * Visits `root` and every directory below it that `visit` descends into, at most `concurrency` at once. Each
 * child is opened by `open` through its parent's fd while the parent is still open (so nothing is resolved by
 * name from the root again), then visited; a directory's fd is closed once it has been visited and every child
 * it asked for has been opened. Pending children are taken last-in first-out (depth first), so the fds held
 * stay few: about the directories being visited and those with children still to open.
 *
 * - `visit(directory, item)` does the work for one directory and returns the children to descend into.
 * - `open(parent, child)` opens one of them (`undefined`: not to be visited, e.g. it is no longer a directory)
 *   with the item its own visit gets.
 *
 * `root` stays open (it is the caller's). The first error ends the traversal once the visits in flight ended.
 */
export function traverse<Item, Child>(
  root: Directory,
  item: Item,
  concurrency: number,
  visit: (directory: Directory, item: Item) => Promise<readonly Child[]>,
  open: (parent: Directory, child: Child) => Promise<readonly [Directory, Item] | undefined>,
): Promise<void> {
  const pending: { parent: Held; child: Child }[] = [];
  let active = 0;
  let failure: { error: unknown } | undefined;

  const release = async (held: Held): Promise<void> => {
    held.uses -= 1;
    if (held.uses === 0 && held.owned) await held.directory.close();
  };
  const enter = async (held: Held, visitItem: Item): Promise<void> => {
    try {
      const children = failure === undefined ? await visit(held.directory, visitItem) : [];
      // Pushed in reverse so that they are taken in the order given.
      for (const child of [...children].reverse()) {
        held.uses += 1;
        pending.push({ parent: held, child });
      }
    } finally {
      await release(held);
    }
  };
  const step = async (job: { parent: Held; child: Child }): Promise<void> => {
    let opened: readonly [Directory, Item] | undefined;
    try {
      opened = failure === undefined ? await open(job.parent.directory, job.child) : undefined;
    } finally {
      await release(job.parent);
    }
    if (opened !== undefined) await enter({ directory: opened[0], uses: 1, owned: true }, opened[1]);
  };

  return new Promise<void>((resolve, reject) => {
    const settle = (): void => {
      if (active > 0) return;
      if (failure === undefined && pending.length > 0) return pump();
      // Done, or failed: release what is still held, then say so.
      const left = pending.splice(0);
      void Promise.all(left.map((job) => release(job.parent).catch(() => {}))).then(() =>
        failure === undefined ? resolve() : reject(failure.error as Error),
      );
    };
    const run = (work: Promise<void>): void => {
      active += 1;
      work
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => {
          active -= 1;
          if (failure === undefined) pump();
          settle();
        });
    };
    const pump = (): void => {
      while (failure === undefined && active < concurrency && pending.length > 0) {
        run(step(pending.pop() as { parent: Held; child: Child }));
      }
    };
    run(enter({ directory: root, uses: 1, owned: false }, item));
  });
}
