import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareLaunch } from '../../../src/launch/prepareLaunch.js';
import { SetupError } from '../../../src/model/setupError.js';

const work = mkdtempSync(join(tmpdir(), 'hintproof-launch-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A project holding `name` in its node_modules, as npx finds it without installing. */
function projectWith(name: string, engines?: Record<string, string>): string {
  const project = mkdtempSync(join(work, 'project-'));
  writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
  const directory = join(project, 'node_modules', name);
  mkdirSync(directory, { recursive: true });
  const manifest = { name, version: '2.1.0', bin: { [name]: 'server.js' }, ...(engines ? { engines } : {}) };
  writeFileSync(join(directory, 'package.json'), JSON.stringify(manifest));
  writeFileSync(join(directory, 'server.js'), '#!/usr/bin/env node\n');
  mkdirSync(join(project, 'node_modules', '.bin'));
  symlinkSync(`../${name}/server.js`, join(project, 'node_modules', '.bin', name));
  return project;
}

describe('prepareLaunch', () => {
  it("refuses a package whose engines.node excludes hintproof's Node, saying both", async () => {
    const cwd = projectWith('needs-new-node', { node: '>=99' });
    const launch = prepareLaunch('npx', ['-y', 'needs-new-node'], {
      cwd,
      env: process.env,
      nodeVersion: '20.20.2',
    });
    await expect(launch).rejects.toThrow(SetupError);
    await expect(launch).rejects.toThrow(
      /needs-new-node@2\.1\.0 runs on Node >=99 \(its package\.json's engines\.node\), and hintproof runs on Node 20\.20\.2/,
    );
  });

  it('starts one whose range admits it, or that names none, or a range semver cannot read', async () => {
    for (const engines of [{ node: '>=18 <99' }, undefined, { node: 'whenever' }]) {
      const cwd = projectWith('fits', engines);
      const launch = await prepareLaunch('npx', ['-y', 'fits', '--flag'], {
        cwd,
        env: process.env,
        nodeVersion: '20.20.2',
      });
      expect(launch).toMatchObject({
        args: ['--flag'],
        package: { name: 'fits', version: '2.1.0', from: 'project' },
      });
      // The project's copy is the user's own (perhaps a linked workspace): shown read-only, never copied.
      expect(launch.ownPackage).toBeUndefined();
      expect(launch.readOnly).toEqual([cwd]);
    }
  });
});
