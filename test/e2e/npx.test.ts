import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packFixture, startLocalRegistry } from '../fixtures/packages/localRegistry.js';
import { runCli, statuses } from './runCli.js';

let work: string;
let tarball: string;
let env: Record<string, string>;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'hintproof-npx-'));
  // The invocation directory is shown to the sandbox as it is: let its user pass it to reach the cache.
  chmodSync(work, 0o755);
  tarball = packFixture(work);
  mkdirSync(join(work, 'notes'));
  writeFileSync(join(work, 'notes', 'todo'), 'buy milk');
  env = { HINTPROOF_CACHE_DIR: join(work, 'cache') };
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('hintproof check -- npx -y <package>', () => {
  it('installs a packed server outside the sandbox and checks it isolated, naming the version', async () => {
    const result = await runCli(
      [
        'check',
        '--fs',
        'notes',
        '--seed',
        '1',
        '--runs',
        '25',
        '--',
        'npx',
        '-y',
        './tiny-notes-mcp-1.4.2.tgz',
        '{fs}',
      ],
      { cwd: work, env, json: true },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const report = result.report!;
    expect(report.package).toEqual({ name: 'tiny-notes-mcp', version: '1.4.2', from: 'installed' });
    expect(report.command).toEqual(['npx', '-y', './tiny-notes-mcp-1.4.2.tgz', '{fs}']);
    expect(report.settings.isolation).not.toBe('none');
    expect(statuses(report).save_note?.destructiveHint).toBe('contradicted');
    expect(statuses(report).list_notes?.readOnlyHint).toBe('consistent');
    expect(result.stdout).toContain(
      'package: tiny-notes-mcp 1.4.2 (installed by hintproof, outside the sandbox)',
    );
  });

  it('resolves a range through the registry, then runs the cached copy', async () => {
    await using registry = await startLocalRegistry(tarball, {
      name: 'tiny-notes-mcp',
      version: '1.4.2',
      bin: { 'tiny-notes-mcp': 'server.js' },
    });
    const run = () =>
      runCli(
        [
          'check',
          '--seed',
          '2',
          '--runs',
          '3',
          '--tool',
          'list_notes',
          '--',
          'npx',
          '-y',
          'tiny-notes-mcp@^1',
          '{fs}',
        ],
        {
          cwd: work,
          env: {
            ...env,
            HINTPROOF_CACHE_DIR: join(work, 'cache-registry'),
            npm_config_registry: registry.url,
          },
          json: true,
        },
      );
    const first = await run();
    expect(first.code, first.stderr).toBe(0);
    expect(first.report?.package).toEqual({ name: 'tiny-notes-mcp', version: '1.4.2', from: 'installed' });
    const second = await run();
    expect(second.report?.package?.from).toBe('cache');
  });

  it('a package that cannot be installed is a set-up error with what npm said', async () => {
    await using registry = await startLocalRegistry(tarball, { name: 'tiny-notes-mcp', version: '1.4.2' });
    const result = await runCli(['check', '--', 'npx', '-y', 'no-such-mcp-server', '{fs}'], {
      cwd: work,
      env: { ...env, npm_config_registry: registry.url },
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^hintproof: Could not install the package of "npx -y no-such-mcp-server \{fs\}" .*npm said:\n {2}code E404\n.*Check the package name/s,
    );
  });
});
