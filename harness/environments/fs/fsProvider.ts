import { join, resolve } from 'node:path';
import { removeTree } from '../../tree/index.js';
import type { EnvironmentProvider } from '../environment.js';
import { copySeed } from './copySeed.js';
import type { TreeEnvironment } from './fsEntry.js';
import { FS_ENVIRONMENT } from './fsEntry.js';
import type { FsInstance } from './fsInstance.js';
import { createFsInstance } from './fsInstance.js';
import type { SeedManifest } from './readSeedManifest.js';
import { readSeedManifest } from './readSeedManifest.js';
import { resolveSeedDirectory } from './resolveSeedDirectory.js';

export interface FsProviderOptions {
  /** The `--fs` directory every sandbox starts as a copy of; never modified. Omitted: an empty sandbox. */
  readonly seed?: string;
  /**
   * Which tree of the run directory: `fs` (default), the server's private `home` or `tmp`, or `pkg` (a copy of
   * an installed package's own directory, the seed).
   */
  readonly environment?: TreeEnvironment;
  /**
   * Top-level directories of the seed copied empty (`node_modules` of a package: its nested dependencies,
   * shown to the server from where they are installed, neither copied nor observed).
   */
  readonly hollow?: readonly string[];
}

export interface FsProvider extends EnvironmentProvider {
  /** The resolved seed directory, or `undefined` for empty sandboxes. */
  readonly seed: string | undefined;
  create(runDirectory: string): Promise<FsInstance>;
}

/**
 * Checks and lists the seed once; each `create(runDirectory)` then makes `${runDirectory}/<environment>` (`fs`,
 * `home` or `tmp`) as an independent copy of it and `${runDirectory}/<environment>.clock` (see `StatCache`).
 * Throws, before any run, if the seed is missing, not a directory, or holds something uncopyable.
 */
export async function createFsProvider(options: FsProviderOptions): Promise<FsProvider> {
  const environment = options.environment ?? FS_ENVIRONMENT;
  let manifest: SeedManifest | undefined;
  // What error messages name as the seed's origin: the option that gave it, or the package it is a copy of.
  const option = environment === 'pkg' ? 'the installed package' : `--${environment}`;
  if (options.seed !== undefined) {
    manifest = await readSeedManifest(await resolveSeedDirectory(options.seed, option), options.seed, option);
    manifest = hollowed(manifest, options.hollow ?? []);
  }
  // A package's copy offers only what the server wrote: its installed files are code (see harvestWritten).
  const installed = new Set(environment === 'pkg' ? (manifest?.files ?? []) : []);
  let disposed = false;
  return {
    name: environment,
    seed: manifest?.root,
    async create(runDirectory: string): Promise<FsInstance> {
      if (disposed) {
        throw new Error(
          `${environment}: create() called on a disposed provider. Create every sandbox before disposing it.`,
        );
      }
      const root = join(resolve(runDirectory), environment);
      await copySeed(manifest, root, option);
      return createFsInstance(root, `${root}.clock`, environment, installed).catch(async (error: unknown) => {
        await removeTree(root);
        throw error;
      });
    },
    // Instances own their directories and are disposed by whoever created them; nothing to release here.
    [Symbol.asyncDispose](): Promise<void> {
      disposed = true;
      return Promise.resolve();
    },
  };
}

/** The manifest without what lies below the `hollow` top-level directories (the directories themselves kept). */
function hollowed(manifest: SeedManifest, hollow: readonly string[]): SeedManifest {
  if (hollow.length === 0) return manifest;
  const kept = (path: string) => !hollow.some((top) => path.startsWith(`${top}/`));
  return {
    ...manifest,
    directories: manifest.directories.filter((directory) => kept(directory.path)),
    files: manifest.files.filter(kept),
    symlinks: manifest.symlinks.filter((link) => kept(link.path)),
  };
}
