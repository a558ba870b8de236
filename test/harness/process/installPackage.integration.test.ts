import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPackage, PackageInstallError } from '../../../harness/process/installPackage.js';
import { packFixture, startLocalRegistry } from '../../fixtures/packages/localRegistry.js';
import { repoRoot } from '../../e2e/runCli.js';

let work: string;
let tarball: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'hintproof-install-'));
  tarball = packFixture(work);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const env = { ...process.env, npm_config_cache: undefined };

describe('installPackage', () => {
  it('installs a packed tarball into the cache once, then serves it from there', async () => {
    const cache = join(work, 'cache-a');
    const first = await installPackage({ packages: [tarball], cwd: work, env, cache });
    expect(first).toMatchObject({ name: 'tiny-notes-mcp', version: '1.4.2', from: 'installed' });
    expect(first.root.startsWith(cache)).toBe(true);
    expect(first.program).toBe(join(first.root, 'node_modules/tiny-notes-mcp/server.js'));
    // Readable and runnable by the sandbox user.
    expect(statSync(first.program).mode & 0o005).toBe(0o005);
    const second = await installPackage({ packages: [tarball], cwd: work, env, cache });
    expect(second).toMatchObject({ from: 'cache', root: first.root, program: first.program });
  });

  it('two installs of the same package at once both succeed and share one copy', async () => {
    const cache = join(work, 'cache-b');
    const both = await Promise.all([
      installPackage({ packages: [tarball], cwd: work, env, cache }),
      installPackage({ packages: [tarball], cwd: work, env, cache }),
    ]);
    expect(both[0].root).toBe(both[1].root);
    expect(existsSync(both[0].program)).toBe(true);
  });

  it('resolves a version range through the registry and keys the cache by the resolved version', async () => {
    await using registry = await startLocalRegistry(tarball, {
      name: 'tiny-notes-mcp',
      version: '1.4.2',
      bin: { 'tiny-notes-mcp': 'server.js' },
    });
    const cache = join(work, 'cache-c');
    const options = {
      packages: ['tiny-notes-mcp@^1.2'],
      npmOptions: [`--registry=${registry.url}`],
      cwd: work,
      env,
      cache,
    };
    const first = await installPackage(options);
    expect(first).toMatchObject({ version: '1.4.2', from: 'installed' });
    expect(first.root).toBe(join(cache, 'tiny-notes-mcp@1.4.2'));
    expect(await installPackage(options)).toMatchObject({ from: 'cache', root: first.root });
  });

  it("uses the project's own copy as npx does, without installing", async () => {
    const found = await installPackage({
      packages: ['@modelcontextprotocol/server-memory'],
      cwd: join(repoRoot, 'test'),
      env,
      cache: join(work, 'unused'),
    });
    expect(found.from).toBe('project');
    expect(found.root).toBe(repoRoot.replace(/\/$/, ''));
    expect(existsSync(join(work, 'unused'))).toBe(false);
  });

  it('says what npm said when a package cannot be installed', async () => {
    await using registry = await startLocalRegistry(tarball, { name: 'tiny-notes-mcp', version: '1.4.2' });
    const failure = installPackage({
      packages: ['no-such-mcp-server@^2'],
      npmOptions: [`--registry=${registry.url}`],
      cwd: work,
      env,
      cache: join(work, 'cache-d'),
    });
    await expect(failure).rejects.toBeInstanceOf(PackageInstallError);
    await expect(failure).rejects.toThrow(
      /^npm could not install no-such-mcp-server@\^2\.\nnpm said:\n {2}code E404\n.*Check the package name/s,
    );
  });

  it('blames no name when npm runs out of time: it points to --install-timeout', async () => {
    const failure = installPackage({
      packages: [tarball],
      cwd: work,
      env,
      cache: join(work, 'cache-f'),
      timeoutMs: 1,
    });
    await expect(failure).rejects.toThrow(/^npm did not finish installing .*tiny-notes-mcp.* within 0 s\./s);
    await expect(failure).rejects.toThrow(/--install-timeout <seconds>/);
    await expect(failure).rejects.not.toThrow(/Check the package name/);
  });

  it('names a missing tarball before calling npm', async () => {
    const missing = join(work, 'missing-1.0.0.tgz');
    await expect(
      installPackage({ packages: [missing], cwd: work, env, cache: join(work, 'cache-e') }),
    ).rejects.toThrow(`there is no such file (${missing})`);
  });
});
