import { describe, expect, it } from 'vitest';
import { LauncherError, parseLauncher } from '../../../harness/process/packageLauncher.js';

describe('parseLauncher', () => {
  it('reads the package, program and arguments of every launcher', () => {
    expect(parseLauncher('npx', ['-y', '@modelcontextprotocol/server-memory', '{fs}'])).toEqual({
      launcher: 'npx',
      packages: ['@modelcontextprotocol/server-memory'],
      args: ['{fs}'],
      npmOptions: [],
    });
    expect(parseLauncher('/usr/bin/npx', ['--yes', '--package=pkg@1', 'prog', '--flag'])).toMatchObject({
      packages: ['pkg@1'],
      bin: 'prog',
      args: ['--flag'],
    });
    expect(parseLauncher('npm', ['exec', '--yes', '--', 'pkg@latest', 'a'])).toMatchObject({
      launcher: 'npm exec',
      packages: ['pkg@latest'],
      args: ['a'],
    });
    expect(parseLauncher('npm', ['x', '-p', 'a', '-p', 'b', 'run-b'])).toMatchObject({
      packages: ['a', 'b'],
      bin: 'run-b',
    });
    expect(parseLauncher('pnpm', ['dlx', 'pkg', '-y'])).toMatchObject({ packages: ['pkg'], args: ['-y'] });
    expect(parseLauncher('yarn', ['dlx', '-q', 'pkg'])).toMatchObject({
      launcher: 'yarn dlx',
      packages: ['pkg'],
    });
    expect(parseLauncher('bunx', ['--bun', 'pkg@2', 'x'])).toMatchObject({
      packages: ['pkg@2'],
      args: ['x'],
    });
    expect(parseLauncher('npx', ['--registry', 'http://127.0.0.1:1/', 'pkg'])).toMatchObject({
      npmOptions: ['--registry=http://127.0.0.1:1/'],
    });
  });

  it('leaves every other command alone', () => {
    expect(parseLauncher('node', ['server.js'])).toBeUndefined();
    expect(parseLauncher('npm', ['run', 'server'])).toBeUndefined();
    expect(parseLauncher('pnpm', ['server'])).toBeUndefined();
  });

  it('refuses what it cannot honour, saying what to do', () => {
    expect(() => parseLauncher('npx', ['-c', 'echo hi'])).toThrow(LauncherError);
    expect(() => parseLauncher('npx', ['-y'])).toThrow(/names no package to run/);
    expect(() => parseLauncher('npx', ['--strange', 'pkg'])).toThrow(/option "--strange" is not one/);
  });
});
