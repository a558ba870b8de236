import { tmpdir } from 'node:os';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectIsolation, isolatedSpawn, prepareLayout } from '../../../harness/process/isolation.js';
import { serverEnvironment, spawnServer, SpawnError } from '../../../harness/process/index.js';
import { passThroughClosed } from '../../../harness/process/passThroughClosed.js';
import { closedAncestors, closedPath, describeClosed } from '../../../harness/process/reachable.js';

const root = process.getuid?.() === 0;
const nobody = { uid: 65534, gid: 65534 };
// In the repository, not in /tmp: the sandbox hides /tmp already, and this is about what it does not hide.
// Under the system temp directory, searchable by all: the test's own closed directories must be the first ones
// on the way, wherever the repository lives (a clone under mktemp -d is itself closed).
const work = mkdtempSync(join(tmpdir(), 'hintproof-closed-'));
chmodSync(work, 0o755);
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `<work>/<name>/project/server.cjs` below a private (0700) directory, as `mktemp -d` makes one. */
function privateProject(name: string): { top: string; project: string; script: string } {
  const top = join(work, name);
  const project = join(top, 'project');
  mkdirSync(project, { recursive: true });
  chmodSync(top, 0o700);
  chmodSync(project, 0o755);
  const script = join(project, 'server.cjs');
  writeFileSync(script, "process.stdout.write('started from ' + __filename);\n");
  return { top, project, script };
}

describe.skipIf(!root)('paths closed to another user', () => {
  it('names the first directory the user may not search, and none when it may', () => {
    const { top, script } = privateProject('reach');
    const closed = closedPath(script, nobody, 'read');
    expect(closed).toMatchObject({ path: top, lacks: 'search', mode: 0o700, owner: 0 });
    expect(describeClosed(closed!)).toBe(`${top} (mode 700, owner root)`);
    expect(closedPath(script, { uid: 0, gid: 0 }, 'read')).toBeUndefined();
    expect(closedPath(script, nobody, 'read', (dir) => dir === top)).toBeUndefined();
    chmodSync(script, 0o600);
    expect(closedPath(script, nobody, 'read', (dir) => dir === top)).toMatchObject({
      path: script,
      lacks: 'read',
    });
    // Only the outermost closed directory, once.
    expect(closedAncestors([script, join(top, 'project')], nobody)).toEqual([top]);
  });
});

describe.skipIf(root)('paths closed to another user (as root only)', () => {
  it('says why it is skipped', () => {
    console.log('closed-path tests skipped: they need root (to own directories another user cannot enter)');
    expect(root).toBe(false);
  });
});

const mechanisms = (['bubblewrap', 'unshare'] as const).filter((kind) => detectIsolation(kind).kind === kind);

describe.each(root ? mechanisms : [])('a server in a private directory, isolated by %s', (kind) => {
  /** Runs `script` isolated with `shown` as its project; its output and stderr. */
  async function run(name: string, script: string, shown: string): Promise<string> {
    const directory = join(work, `${kind}-${name}-run`);
    mkdirSync(join(directory, 'fs'), { recursive: true });
    await prepareLayout(directory);
    const server = await spawnServer(
      isolatedSpawn(
        {
          command: process.execPath,
          args: [script],
          cwd: join(directory, 'fs'),
          env: serverEnvironment(process.env, {}),
        },
        { runDirectory: directory, readOnly: [shown] },
        kind,
      ),
    );
    let output = '';
    for await (const chunk of server.stdout) output += String(chunk);
    await server.exited;
    return output || server.stderrTail();
  }

  it('starts below a closed directory: inside it is a passage, on the host it stays closed', async () => {
    const { top, project, script } = privateProject(`${kind}-below`);
    expect(await run('below', script, project)).toBe(`started from ${script}`);
    expect(closedPath(script, nobody, 'read')?.path).toBe(top);
  });

  it('starts when its project directory itself is closed (a clone straight into mktemp -d), also nested', async () => {
    const { top, project, script } = privateProject(`${kind}-itself`);
    chmodSync(project, 0o700);
    expect(await run('itself', script, project)).toBe(`started from ${script}`);
    expect(statSync(project).mode & 0o777).toBe(0o700);
    expect(statSync(top).mode & 0o777).toBe(0o700);
  });

  it('shows the entries of a closed project, but never through its symbolic links', async () => {
    const { project, script } = privateProject(`${kind}-links`);
    chmodSync(project, 0o700);
    // A world-readable file that only a closed directory protects, and a link to it in the project.
    const secret = join(work, `${kind}-links`, 'secret.txt');
    writeFileSync(secret, 'hidden by its directory', { mode: 0o644 });
    symlinkSync(secret, join(project, 'leak'));
    writeFileSync(join(project, 'data.txt'), 'shown', { mode: 0o644 });
    const reader = join(project, 'reader.cjs');
    writeFileSync(
      reader,
      "const fs = require('node:fs'); const read = (f) => { try { return fs.readFileSync(f, 'utf8'); } catch (e) { return e.code; } };\n" +
        `process.stdout.write(JSON.stringify({ data: read(${JSON.stringify(join(project, 'data.txt'))}), leak: read(${JSON.stringify(join(project, 'leak'))}) }));\n`,
    );
    expect(JSON.parse(await run('links', reader, project))).toEqual({ data: 'shown', leak: 'ENOENT' });
    expect(script).toBeDefined();
  });

  it('refuses to start when a file it needs stays closed, naming the path, the user and what to do', () => {
    const { project } = privateProject(`${kind}-refuses`);
    const inner = join(project, 'private');
    mkdirSync(inner, { mode: 0o700 });
    const script = join(inner, 'server.cjs');
    writeFileSync(script, '');
    let thrown: unknown;
    try {
      passThroughClosed({ runDirectory: join(work, `${kind}-below-run`), readOnly: [project] }, nobody, [
        script,
      ]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SpawnError);
    const message = (thrown as Error).message;
    expect(message).toContain(`nobody (uid 65534), which cannot read ${script}`);
    expect(message).toContain(`${inner} (mode 700, owner root) is closed to it`);
    expect(message).toMatch(/chmod o\+rX/);
  });
});
