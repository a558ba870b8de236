import { mkdirSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageOverlays, runFromCopy } from '../../../../src/engine/session/packageCopy.js';

const work = mkdtempSync(join(tmpdir(), 'hintproof-package-copy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const installed = '/cache/pkg@1/node_modules/@scope/server';

describe('packageOverlays', () => {
  it("lays the run's copy over the package where the isolated server sees it", () => {
    expect(
      packageOverlays(
        { installed, copy: '/tmp/r/run-1/pkg' },
        { host: '/cache/pkg@1', inside: '/opt/mcp-server' },
      ),
    ).toEqual([
      { host: '/tmp/r/run-1/pkg', inside: '/opt/mcp-server/node_modules/@scope/server', writable: true },
    ]);
    expect(packageOverlays(undefined, { host: '/cache/pkg@1', inside: '/opt/mcp-server' })).toEqual([]);
  });
});

describe('runFromCopy', () => {
  it("points the program into the copy and links the package's node_modules beside it", async () => {
    const run = join(work, 'run-1');
    mkdirSync(join(run, 'pkg'), { recursive: true });
    const spawn = await runFromCopy(
      {
        command: `${installed}/dist/index.js`,
        args: ['--data', `${installed}/data`, '/elsewhere/x', `${installed}-other/y`],
        cwd: run,
        env: {},
      },
      { installed, copy: join(run, 'pkg') },
    );
    expect(spawn.command).toBe(join(run, 'pkg/dist/index.js'));
    expect(spawn.args).toEqual(['--data', join(run, 'pkg/data'), '/elsewhere/x', `${installed}-other/y`]);
    // Node looks for the dependencies from the copy upwards: the run directory's node_modules is the cache's.
    expect(readlinkSync(join(run, 'node_modules'))).toBe('/cache/pkg@1/node_modules');
  });

  it("links the copy's empty nested node_modules to the installed one, where bundled dependencies are", async () => {
    const modules = join(work, 'cache/node_modules');
    const bundled = join(modules, 'bundling');
    mkdirSync(join(bundled, 'node_modules/helper'), { recursive: true });
    const run = join(work, 'run-2');
    mkdirSync(join(run, 'pkg/node_modules'), { recursive: true });
    await runFromCopy(
      { command: join(bundled, 'server.js'), args: [], cwd: run, env: {} },
      {
        installed: bundled,
        copy: join(run, 'pkg'),
      },
    );
    expect(readlinkSync(join(run, 'pkg/node_modules'))).toBe(join(bundled, 'node_modules'));
    expect(readlinkSync(join(run, 'node_modules'))).toBe(modules);
    // Isolated: laid read-only over the copy's empty one, at the path the server sees.
    expect(
      packageOverlays(
        { installed: bundled, copy: join(run, 'pkg') },
        { host: join(work, 'cache'), inside: '/opt/m' },
      ),
    ).toEqual([
      { host: join(run, 'pkg'), inside: '/opt/m/node_modules/bundling', writable: true },
      {
        host: join(bundled, 'node_modules'),
        inside: '/opt/m/node_modules/bundling/node_modules',
        writable: false,
      },
    ]);
  });

  it('changes nothing without a copy', async () => {
    const spawn = { command: 'node', args: ['server.js'], cwd: work, env: {} };
    expect(await runFromCopy(spawn, undefined)).toBe(spawn);
  });
});
