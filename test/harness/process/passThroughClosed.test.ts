import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectIsolation, isolatedSpawn, prepareLayout } from '../../../harness/process/isolation.js';
import { serverEnvironment, spawnServer, SpawnError } from '../../../harness/process/index.js';
import { passThroughClosed } from '../../../harness/process/passThroughClosed.js';
import { closedAncestors, closedPath, describeClosed } from '../../../harness/process/reachable.js';

const root = process.getuid?.() === 0;
const nobody = { uid: 65534, gid: 65534 };
const repoRoot = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');
// In the repository, not in /tmp: the sandbox hides /tmp already, and this is about what it does not hide.
const work = mkdtempSync(join(repoRoot, 'test', '.tmp-closed-'));
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

describe.each(root ? mechanisms : [])('a server below a private directory, isolated by %s', (kind) => {
  it('starts: the closed directory above it becomes a passage inside, and stays closed on the host', async () => {
    const { top, script } = privateProject(`${kind}-starts`);
    const run = join(work, `${kind}-run`);
    mkdirSync(join(run, 'fs'), { recursive: true });
    await prepareLayout(run);
    const server = await spawnServer(
      isolatedSpawn(
        {
          command: process.execPath,
          args: [script],
          cwd: join(run, 'fs'),
          env: serverEnvironment(process.env, {}),
        },
        { runDirectory: run, readOnly: [join(top, 'project')] },
        kind,
      ),
    );
    let output = '';
    for await (const chunk of server.stdout) output += String(chunk);
    await server.exited;
    expect(output, server.stderrTail()).toBe(`started from ${script}`);
    expect(closedPath(script, nobody, 'read')?.path).toBe(top);
  });

  it('refuses to start when the project itself is closed, naming the path, the user and what to do', () => {
    const { top, project, script } = privateProject(`${kind}-refuses`);
    chmodSync(project, 0o700);
    const layout = { runDirectory: join(work, `${kind}-run`), readOnly: [project] };
    let thrown: unknown;
    try {
      passThroughClosed(layout, nobody, [script]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SpawnError);
    const message = (thrown as Error).message;
    expect(message).toContain(`nobody (uid 65534), which cannot read ${script}`);
    expect(message).toContain(`${project} (mode 700, owner root) is closed to it`);
    expect(message).toMatch(/chmod o\+rX/);
    expect(message).not.toContain(`${top} (mode`);
  });
});
