import { readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, join, relative, isAbsolute } from 'node:path';

/** What an installed package.json says about itself (only what hintproof reads). */
export interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly bin?: string | Readonly<Record<string, string>>;
  /** `engines.node`: the Node versions the package says it runs on (a semver range), when it says. */
  readonly nodeEngines?: string;
}

/** Reads `<modules>/<name>/package.json`; `undefined` when it is not there or not a package manifest. */
export function readManifest(modules: string, name: string): PackageManifest | undefined {
  try {
    const parsed = JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { name: own, version, bin, engines } = parsed as Record<string, unknown>;
    if (typeof own !== 'string' || typeof version !== 'string') return undefined;
    const binField =
      typeof bin === 'string' || (typeof bin === 'object' && bin !== null)
        ? { bin: bin as PackageManifest['bin'] }
        : {};
    const node =
      typeof engines === 'object' && engines !== null ? (engines as Record<string, unknown>).node : undefined;
    return { name: own, version, ...binField, ...(typeof node === 'string' ? { nodeEngines: node } : {}) };
  } catch {
    return undefined;
  }
}

/**
 * The names of a manifest's programs as npm links them into `.bin` (`bin` as a string is the unscoped package
 * name; a key is cut to its last path segment, `\\` and `:` counting as separators: npm-normalize-package-bin),
 * each once.
 */
function binNames(manifest: PackageManifest): string[] {
  if (manifest.bin === undefined) return [];
  if (typeof manifest.bin === 'string') return [unscoped(manifest.name)];
  const names = Object.keys(manifest.bin).map((key) => basename(key.replace(/\\|:/g, '/')));
  return [...new Set(names.filter((name) => name !== '' && name !== '.' && name !== '..'))];
}

/**
 * The program npx would run for a package, as npm exec picks it: the one named `wanted`, else its only one,
 * else the one named after the package. Throws an Error that lists the programs when none fits.
 */
export function chooseBin(manifest: PackageManifest, wanted: string | undefined): string {
  const names = binNames(manifest);
  const label = `${manifest.name}@${manifest.version}`;
  if (wanted !== undefined) return wanted;
  if (names.length === 1) return names[0] as string;
  if (names.includes(unscoped(manifest.name))) return unscoped(manifest.name);
  if (names.length === 0) {
    throw new Error(`${label} has no program to run (its package.json has no "bin").`);
  }
  throw new Error(
    `${label} has several programs (${names.join(', ')}) and none is named after the package: ` +
      `name one with -p, e.g. npx -y -p ${manifest.name} ${names[0] ?? ''} …`,
  );
}

/**
 * The real file of program `bin` in `<modules>/.bin`, which must lie inside `modules` (a package cannot point
 * its program elsewhere on the host). Throws an Error naming what was looked for.
 */
export function binFile(modules: string, bin: string): string {
  if (bin.includes('/') || bin === '.' || bin === '..') {
    throw new Error(`"${bin}" is not a program name.`);
  }
  const link = join(modules, '.bin', bin);
  let real: string;
  try {
    real = realpathSync(link);
  } catch {
    throw new Error(`no program "${bin}" was installed (looked for ${link}).`);
  }
  const inside = relative(realpathSync(modules), real);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside) || !statSync(real).isFile()) {
    throw new Error(`program "${bin}" does not lead to a file inside the installed packages (${real}).`);
  }
  return real;
}

function unscoped(name: string): string {
  return name.startsWith('@') ? name.slice(name.indexOf('/') + 1) : name;
}
