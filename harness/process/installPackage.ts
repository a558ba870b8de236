import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import npa from 'npm-package-arg';
import { onExitCleanup } from './exitCleanup.js';
import { findExecutable } from './findExecutable.js';
import { binFile, chooseBin, readManifest } from './packageBin.js';
import type { PackageManifest } from './packageBin.js';
import { npmErrorLines, runNpm, skippedScripts } from './runNpm.js';

/** A launcher's package, ready to run outside the network: where it is and which program to start. */
export interface InstalledPackage {
  /** The package whose program runs (the first one asked for). */
  readonly name: string;
  /** The version npm resolved and installed. */
  readonly version: string;
  /** Its `engines.node`, when it has one. */
  readonly nodeEngines?: string;
  /** Where it came from: the local project's node_modules, hintproof's cache, or a fresh install. */
  readonly from: 'project' | 'cache' | 'installed';
  /** The directory holding the package and its dependencies: the server must see it (read-only). */
  readonly root: string;
  /** The program's file. */
  readonly program: string;
  /** Packages whose install scripts were not run (install scripts are off unless allowed). */
  readonly skippedScripts: readonly string[];
}

export interface InstallOptions {
  /** Package specs as npm takes them; relative paths resolve against `cwd`. */
  readonly packages: readonly string[];
  /** The program to run; the package's own when absent (see `chooseBin`). */
  readonly bin?: string;
  /** Extra npm options (`--registry=…`). */
  readonly npmOptions?: readonly string[];
  readonly cwd: string;
  /** The caller's environment: npm runs with it (registry settings, credentials). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where installed packages are kept (see `packageCacheDirectory`). */
  readonly cache: string;
  /** Run the packages' install scripts (off by default: they would run on this machine, unconfined). */
  readonly allowScripts?: boolean;
  readonly timeoutMs?: number;
}

/** The install failed: `npm` holds what npm said, `message` what failed and what to do. */
export class PackageInstallError extends Error {
  override name = 'PackageInstallError';
  constructor(
    message: string,
    readonly npm: readonly string[] = [],
  ) {
    super(message);
  }
}

/**
 * Where hintproof keeps installed packages: HINTPROOF_CACHE_DIR, else `mcp-packages` in the user's cache
 * directory. Neutral on purpose: the isolated server sees its package at a neutral path, but the host path it
 * is mounted from shows in /proc/self/mountinfo and in the command lines of the sandbox's processes.
 */
export function packageCacheDirectory(env: Readonly<Record<string, string | undefined>>): string {
  if (env.HINTPROOF_CACHE_DIR) return join(env.HINTPROOF_CACHE_DIR, 'packages');
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'mcp-packages');
}

const MARKER = 'hintproof-package.json';
const DEFAULT_TIMEOUT_MS = 5 * 60_000;

/**
 * Makes a launcher's package ready: the local project's copy when it has the package npx would use, else
 * hintproof's cache (`<cache>/<name>@<version>`, keyed by the resolved version), else a fresh `npm install`
 * with install scripts off. Two hintproof processes may install the same package at once: each installs into
 * its own staging directory and renames it into place; the loser uses the winner's copy.
 */
export async function installPackage(options: InstallOptions): Promise<InstalledPackage> {
  const specs = options.packages.map((spec) => parseSpec(spec, options.cwd));
  const local = specs.length === 1 ? fromProject(specs[0] as npa.Result, options) : undefined;
  if (local !== undefined) return local;
  const npm = npmPath(options);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const scripts = options.allowScripts === true;
  const known = await resolveVersions(specs, npm, options, timeoutMs);
  const tarballDigest = fileDigest(specs);
  const cached =
    known !== undefined
      ? join(options.cache, cacheKey(known, scripts))
      : tarballDigest !== undefined
        ? findByDigest(options.cache, tarballDigest, scripts)
        : undefined;
  const hit = cached === undefined ? undefined : fromCache(cached, options.bin);
  if (hit !== undefined) return hit;
  await mkdir(options.cache, { recursive: true, mode: 0o755 });
  const staging = await mkdtemp(join(options.cache, '.staging-'));
  const unregister = onExitCleanup(() => rmSync(staging, { recursive: true, force: true }));
  try {
    await writeFile(join(staging, 'package.json'), '{ "private": true }\n');
    const wanted = known?.map((entry) => `${entry.name}@${entry.version}`) ?? specs.map(installable);
    const result = await runNpm(
      npm,
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--install-links',
        '--omit=dev',
        scripts ? '--foreground-scripts' : '--ignore-scripts',
        ...(options.npmOptions ?? []),
        ...wanted,
      ],
      { cwd: staging, env: options.env, timeoutMs },
    );
    if (result.code !== 0) throw installFailure(options.packages, result.stderr, result.timedOut, timeoutMs);
    const installed = installedPackages(staging);
    const key = cacheKey(
      installed,
      scripts,
      tarballDigest ?? (known ? undefined : treeDigest(staging, installed)),
    );
    const first = installed[0] as PackageManifest;
    const bin = chooseBin(readManifest(join(staging, 'node_modules'), first.name) ?? first, options.bin);
    binFile(join(staging, 'node_modules'), bin);
    const marker = { name: first.name, version: first.version, specs: options.packages, bin };
    await writeFile(join(staging, MARKER), `${JSON.stringify(marker, null, 2)}\n`);
    await openToSandbox(staging);
    const final = join(options.cache, key);
    try {
      await rename(staging, final);
    } catch (error) {
      // Another hintproof installed the same package first: use its copy.
      if (!existsSync(join(final, MARKER))) throw error;
    }
    const ready = fromCache(final, options.bin);
    if (ready === undefined) throw new PackageInstallError(`the installed copy in ${final} is incomplete.`);
    return { ...ready, from: 'installed', skippedScripts: scripts ? [] : skippedScripts(result.stderr) };
  } catch (error) {
    if (error instanceof PackageInstallError) throw error;
    throw new PackageInstallError(
      `Could not prepare ${options.packages.join(', ')}: ${(error as Error).message}`,
    );
  } finally {
    await rm(staging, { recursive: true, force: true });
    unregister();
  }
}

function parseSpec(spec: string, cwd: string): npa.Result {
  try {
    return npa(spec, cwd);
  } catch (error) {
    throw new PackageInstallError(
      `"${spec}" is not a package npm can install (${(error as Error).message}). Check the package name.`,
    );
  }
}

/** What to hand npm install: registry specs as written, local files and directories as absolute paths. */
function installable(spec: npa.Result): string {
  if ((spec.type === 'file' || spec.type === 'directory') && spec.fetchSpec !== null) return spec.fetchSpec;
  return spec.raw;
}

/** The project's own copy (as npx uses it), when the spec names no version or exactly the one installed. */
function fromProject(spec: npa.Result, options: InstallOptions): InstalledPackage | undefined {
  if (!spec.registry || spec.name === null || spec.name === undefined) return undefined;
  if (!(spec.rawSpec === '' || spec.rawSpec === '*' || spec.type === 'version')) return undefined;
  for (let dir = options.cwd; ; dir = dirname(dir)) {
    const modules = join(dir, 'node_modules');
    const manifest = readManifest(modules, spec.name);
    if (manifest !== undefined && (spec.type !== 'version' || manifest.version === spec.fetchSpec)) {
      try {
        const program = binFile(modules, chooseBin(manifest, options.bin));
        return { ...manifest, from: 'project', root: dir, program, skippedScripts: [] };
      } catch {
        return undefined;
      }
    }
    if (existsSync(join(dir, 'package.json')) || dir === dirname(dir)) return undefined;
  }
}

function fromCache(directory: string, wantedBin: string | undefined): InstalledPackage | undefined {
  if (!existsSync(join(directory, MARKER))) return undefined;
  const marker = JSON.parse(readFileSync(join(directory, MARKER), 'utf8')) as { name: string; bin: string };
  const modules = join(directory, 'node_modules');
  const manifest = readManifest(modules, marker.name);
  if (manifest === undefined) return undefined;
  const program = binFile(modules, wantedBin ?? marker.bin);
  return {
    name: manifest.name,
    version: manifest.version,
    ...(manifest.nodeEngines === undefined ? {} : { nodeEngines: manifest.nodeEngines }),
    from: 'cache',
    root: directory,
    program,
    skippedScripts: [],
  };
}

/** For registry specs only: the exact versions npm would install (`npm view`), to find them in the cache. */
async function resolveVersions(
  specs: readonly npa.Result[],
  npm: string,
  options: InstallOptions,
  timeoutMs: number,
): Promise<{ name: string; version: string }[] | undefined> {
  if (!specs.every((spec) => spec.registry && spec.name)) return undefined;
  const resolved: { name: string; version: string }[] = [];
  for (const spec of specs) {
    const name = spec.name as string;
    if (spec.type === 'version') {
      resolved.push({ name, version: spec.fetchSpec as string });
      continue;
    }
    const view = await runNpm(npm, ['view', spec.raw, 'version', '--json', ...(options.npmOptions ?? [])], {
      cwd: options.cwd,
      env: options.env,
      timeoutMs,
    });
    if (view.code !== 0) throw installFailure([spec.raw], view.stderr, view.timedOut, timeoutMs);
    const parsed = JSON.parse(view.stdout || 'null') as unknown;
    const versions: unknown[] = Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
    const version = versions.at(-1);
    if (typeof version !== 'string') {
      throw new PackageInstallError(
        `npm view ${spec.raw} named no version. Check the package name and version.`,
      );
    }
    resolved.push({ name, version });
  }
  return resolved;
}

/** The packages the staging install holds at its top, in the order they were asked for. */
function installedPackages(staging: string): PackageManifest[] {
  const project = JSON.parse(readFileSync(join(staging, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const names = Object.keys(project.dependencies ?? {});
  const manifests = names.flatMap((name) => readManifest(join(staging, 'node_modules'), name) ?? []);
  if (manifests.length === 0) throw new PackageInstallError('npm install finished but installed no package.');
  return manifests;
}

/** For local tarballs only: a digest of their bytes, known before installing (the cache key's suffix). */
function fileDigest(specs: readonly npa.Result[]): string | undefined {
  if (!specs.every((spec) => spec.type === 'file' && spec.fetchSpec)) return undefined;
  const hash = createHash('sha256');
  for (const spec of specs) {
    const file = spec.fetchSpec as string;
    if (!existsSync(file)) {
      throw new PackageInstallError(
        `npx was given the tarball ${spec.raw}, and there is no such file (${file}). Check the path.`,
      );
    }
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 12);
}

/** The cached copy of the tarballs with this digest, if any. */
function findByDigest(cache: string, digest: string, scripts: boolean): string | undefined {
  if (!existsSync(cache)) return undefined;
  const suffix = `-${digest}${scripts ? '+scripts' : ''}`;
  const name = readdirSync(cache).find((entry) => !entry.startsWith('.') && entry.endsWith(suffix));
  return name === undefined ? undefined : join(cache, name);
}

/** For directories, git and URLs: a digest of the installed packages' own files (content, not mtimes). */
function treeDigest(staging: string, installed: readonly PackageManifest[]): string {
  const hash = createHash('sha256');
  const walk = (path: string, relativePath: string): void => {
    const stat = lstatSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path).sort()) {
        if (entry !== 'node_modules') walk(join(path, entry), `${relativePath}/${entry}`);
      }
    } else if (stat.isFile()) {
      hash.update(`${relativePath}\0`).update(readFileSync(path));
    }
  };
  for (const manifest of installed) walk(join(staging, 'node_modules', manifest.name), manifest.name);
  return hash.digest('hex').slice(0, 12);
}

/** `<name>@<version>` for one package (`@scope+name@1.0.0`), joined for several; suffixes say how it was made. */
function cacheKey(
  packages: readonly { name: string; version: string }[],
  scripts: boolean,
  digest?: string,
): string {
  const base = packages.map((entry) => `${entry.name.replace('/', '+')}@${entry.version}`).join(',');
  return `${base}${digest === undefined ? '' : `-${digest}`}${scripts ? '+scripts' : ''}`;
}

function npmPath(options: InstallOptions): string {
  try {
    return findExecutable('npm', options.cwd, options.env.PATH);
  } catch {
    throw new PackageInstallError(
      'npm was not found on PATH, and hintproof installs npx packages with it. Install Node.js with npm, ' +
        'or run the server directly (hintproof check -- node path/to/server.js …).',
    );
  }
}

function installFailure(
  specs: readonly string[],
  stderr: string,
  timedOut: boolean | undefined,
  timeoutMs: number,
): PackageInstallError {
  const said = npmErrorLines(stderr);
  const what = timedOut
    ? `npm did not finish installing ${specs.join(', ')} within ${Math.round(timeoutMs / 1000)} s`
    : `npm could not install ${specs.join(', ')}`;
  // A time-out says nothing against the name: a slow registry, or a native addon compiling, takes longer.
  const advice = timedOut
    ? '\nThe registry may be slow, or a native addon may be compiling (install scripts): give npm longer with ' +
      '--install-timeout <seconds>, check that the registry is reachable (.npmrc), or install the server ' +
      'yourself and run it directly (hintproof check -- node node_modules/<package>/<its entry file> …).'
    : '\nCheck the package name and version (npm view <package>), your registry settings (.npmrc) and that the ' +
      'registry is reachable; or install the server yourself and run it directly (hintproof check -- node ' +
      'node_modules/<package>/<its entry file> …).';
  return new PackageInstallError(
    `${what}.` +
      (said.length > 0 ? `\nnpm said:\n${said.map((line) => `  ${line}`).join('\n')}` : '') +
      advice,
    said,
  );
}

/** Makes the installed tree readable by the sandbox user (a restrictive umask would hide it). */
async function openToSandbox(path: string): Promise<void> {
  const stat = await lstat(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    await chmod(path, stat.mode | 0o555);
    for (const entry of await readdir(path)) await openToSandbox(join(path, entry));
  } else if (stat.isFile()) {
    await chmod(path, stat.mode | 0o444 | (stat.mode & 0o100 ? 0o011 : 0));
  }
}
