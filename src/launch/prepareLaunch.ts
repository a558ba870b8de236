import {
  installPackage,
  LauncherError,
  PACKAGE_INSIDE,
  PackageInstallError,
  packageCacheDirectory,
  parseLauncher,
} from '../../harness/process/index.js';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { satisfies, validRange } from 'semver';
import type { InstalledPackage, Mount } from '../../harness/process/index.js';
import type { PackageInfo } from '../model/report.js';
import { SetupError } from '../model/setupError.js';

/** What to spawn for a server command: itself, or for a launcher (`npx -y pkg`) the installed program. */
export interface Launch {
  readonly command: string;
  readonly args: readonly string[];
  /** Host directories the isolated server must see (a package in the local project and its dependencies). */
  readonly readOnly: readonly string[];
  /**
   * A package hintproof installed, shown to an isolated server at a neutral path (`PACKAGE_INSIDE`), so that
   * nothing in its argv or file paths names hintproof's cache; a server run without isolation uses `command`.
   */
  readonly relocate?: Mount;
  /**
   * The own directory of the package hintproof installed (real path; not a project's copy, which is the user's
   * own): each session runs a writable copy of it (see `ServerSpec.ownPackage`).
   */
  readonly ownPackage?: string;
  /** The package the launcher named, as installed. */
  readonly package?: PackageInfo;
  /** Packages whose install scripts were not run (they may be needed: `--allow-install-scripts`). */
  readonly skippedScripts: readonly string[];
}

export interface LaunchOptions {
  /** Relative package paths resolve against it, and npx's local-project rule starts there. */
  readonly cwd: string;
  /** The caller's environment: npm runs with it, outside the sandbox. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly allowScripts?: boolean;
  /** How long npm may take to install (`--install-timeout`); default: installPackage's. */
  readonly installTimeoutMs?: number;
  /** The Node version a package's `engines.node` must admit; default: the one running hintproof. */
  readonly nodeVersion?: string;
}

/**
 * Turns `npx -y pkg args` (and `npm exec`, `pnpm dlx`, `yarn dlx`, `bunx`) into the installed program with
 * the same arguments, installed outside the sandbox first (see `installPackage`): inside it there is no
 * registry. Any other command passes unchanged. Throws SetupError when the package cannot be installed.
 */
export async function prepareLaunch(
  command: string,
  args: readonly string[],
  options: LaunchOptions,
): Promise<Launch> {
  let request;
  try {
    request = parseLauncher(command, args);
  } catch (error) {
    if (error instanceof LauncherError) throw new SetupError(error.message, { cause: error });
    throw error;
  }
  if (request === undefined) return { command, args, readOnly: [], skippedScripts: [] };
  try {
    const installed = await installPackage({
      packages: request.packages,
      ...(request.bin === undefined ? {} : { bin: request.bin }),
      npmOptions: request.npmOptions,
      cwd: options.cwd,
      env: options.env,
      cache: packageCacheDirectory(options.env),
      allowScripts: options.allowScripts === true,
      ...(options.installTimeoutMs === undefined ? {} : { timeoutMs: options.installTimeoutMs }),
    });
    refuseOtherNode(installed, options.nodeVersion ?? process.versions.node);
    // The local project's copy is the user's own, at its own path; hintproof's cache is shown elsewhere.
    const relocate =
      installed.from === 'project'
        ? undefined
        : { host: realpathSync(installed.root), inside: PACKAGE_INSIDE };
    return {
      command: installed.program,
      args: request.args,
      readOnly: relocate === undefined ? [installed.root] : [],
      ...(relocate === undefined
        ? {}
        : { relocate, ownPackage: realpathSync(join(installed.root, 'node_modules', installed.name)) }),
      package: { name: installed.name, version: installed.version, from: installed.from },
      skippedScripts: installed.skippedScripts,
    };
  } catch (error) {
    if (error instanceof SetupError) throw error;
    if (error instanceof PackageInstallError || error instanceof Error) {
      throw new SetupError(
        `Could not install the package of "${[command, ...args].join(' ')}" (${request.launcher} runs it, ` +
          `and the sandbox has no network, so hintproof installs it first): ${error.message}`,
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * Refuses a package whose `engines.node` excludes the Node that would run it (the sandbox runs the server with
 * this Node): it would start and die, or fail in ways that say nothing of the cause. A range semver cannot read
 * is not held against it.
 */
function refuseOtherNode(installed: InstalledPackage, nodeVersion: string): void {
  const range = installed.nodeEngines;
  if (range === undefined || validRange(range) === null) return;
  if (satisfies(nodeVersion, range, { includePrerelease: true })) return;
  throw new SetupError(
    `${installed.name}@${installed.version} runs on Node ${range} (its package.json's engines.node), and ` +
      `hintproof runs on Node ${nodeVersion}: the server was not started. Run hintproof (and the node on PATH) ` +
      'from a Node in that range, or check a version of the package that runs here (npx -y <package>@<version>).',
  );
}
