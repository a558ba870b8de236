import { mkdir, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTree } from './tree/index.js';
import type { Change } from './environments/change.js';
import type {
  EnvironmentInstance,
  EnvironmentProvider,
  HarvestedValue,
  IsolatedAccess,
  Snapshot,
} from './environments/environment.js';

/** The state of every environment of a sandbox at one instant. */
export type SandboxSnapshot = ReadonlyMap<string, Snapshot>;

/** The throwaway copies of every environment for one run. Disposing it removes them all. */
export interface Sandbox extends AsyncDisposable {
  /** The run's own directory: environments live below it; the server's HOME and TMPDIR may too. */
  readonly directory: string;
  /** Every environment's placeholders, e.g. `{ fs: '/tmp/…/run-3/fs' }`. */
  readonly placeholders: Readonly<Record<string, string>>;
  snapshot(): Promise<SandboxSnapshot>;
  diff(before: SandboxSnapshot, after: SandboxSnapshot): Change[];
  harvest(snapshot: SandboxSnapshot): HarvestedValue[];
  /**
   * How an isolated server reaches the sandbox's services: every environment's mounts and relays, with
   * sockets in `gate/<environment>`, and all placeholders as seen from inside the sandbox.
   */
  isolate(gate: string): Promise<IsolatedAccess>;
}

/** Creates `directory` and a fresh copy of every provider's environment inside it. */
export async function createSandbox(
  directory: string,
  providers: readonly EnvironmentProvider[],
): Promise<Sandbox> {
  await mkdir(directory, { recursive: true });
  const instances: EnvironmentInstance[] = [];
  const dispose = async () => {
    for (const instance of instances.splice(0).reverse()) await instance[Symbol.asyncDispose]();
    await removeTree(directory);
  };
  try {
    for (const provider of providers) instances.push(await provider.create(directory));
  } catch (error) {
    await dispose();
    throw error;
  }
  const byName = new Map(instances.map((instance) => [instance.name, instance]));
  return {
    directory,
    placeholders: Object.assign({}, ...instances.map((instance) => instance.placeholders)) as Record<
      string,
      string
    >,
    async snapshot() {
      const entries = await Promise.all(
        instances.map(async (instance) => [instance.name, await instance.snapshot()] as const),
      );
      return new Map(entries);
    },
    diff(before, after) {
      return [...byName].flatMap(([name, instance]) => {
        const a = before.get(name);
        const b = after.get(name);
        return a && b ? instance.diff(a, b) : [];
      });
    },
    harvest(snapshot) {
      return [...byName].flatMap(([name, instance]) => {
        const s = snapshot.get(name);
        return s ? instance.harvest(s) : [];
      });
    },
    async isolate(gate) {
      const accesses: IsolatedAccess[] = [];
      const close = async () => {
        for (const access of accesses.splice(0).reverse()) await access[Symbol.asyncDispose]();
      };
      try {
        for (const instance of instances) {
          if (instance.isolate) accesses.push(await instance.isolate(join(gate, instance.name)));
        }
      } catch (error) {
        await close();
        throw error;
      }
      return {
        mounts: accesses.flatMap((access) => access.mounts),
        relays: accesses.flatMap((access) => access.relays),
        placeholders: Object.assign(
          {},
          ...instances.map((instance) => instance.placeholders),
          ...accesses.map((access) => access.placeholders),
        ) as Record<string, string>,
        [Symbol.asyncDispose]: close,
      };
    },
    [Symbol.asyncDispose]: dispose,
  };
}

/**
 * The start of the name of hintproof's temp root. Neutral on purpose: a server can read the paths of what is
 * mounted into its sandbox (/proc/self/mountinfo), and must not learn from them that it is under test.
 */
const WORK_ROOT_PREFIX = 'tmp.';

/**
 * A fresh temp root below `parent` for one check's run directories (mode 0700: only hintproof reaches what it
 * keeps beside them). Remove it with `removeTree` (or `removeTreeSync` at exit), which never follows a link.
 */
export function createWorkRoot(parent: string): Promise<string> {
  return mkdtemp(join(parent, WORK_ROOT_PREFIX));
}

/** A unique run directory name below `root`. */
export function runDirectory(root: string, index: number): string {
  return join(root, `run-${index}`);
}
