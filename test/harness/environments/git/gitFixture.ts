import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { GitFiles } from '../../../../harness/environments/git/gitState.js';
import { isGitContentPath, isGitStatePath } from '../../../../harness/environments/git/gitState.js';

/** A git repository made by real git in a fresh directory (the test's own: no hostile config here). */
export class TestRepository implements Disposable {
  readonly root = mkdtempSync(join(tmpdir(), 'hintproof-git-test-'));
  readonly directory = join(this.root, 'repo');

  constructor() {
    mkdirSync(this.directory);
    this.git('init', '-q', '-b', 'main');
  }

  git(...args: string[]): string {
    return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'gc.auto=0', ...args], {
      cwd: this.directory,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: this.root, GIT_CONFIG_NOSYSTEM: '1' },
    });
  }

  write(path: string, content: string): this {
    mkdirSync(dirname(join(this.directory, path)), { recursive: true });
    writeFileSync(join(this.directory, path), content);
    return this;
  }

  /** A copy of the repository (a seed copied into a sandbox: every stat in its index is stale). */
  copy(): TestRepository {
    const other = Object.create(TestRepository.prototype) as TestRepository;
    const root = mkdtempSync(join(tmpdir(), 'hintproof-git-test-'));
    Object.assign(other, { root, directory: join(root, 'repo') });
    cpSync(this.directory, other.directory, { recursive: true });
    return other;
  }

  /** The files of `.git`, content kept where readGitState needs it (as the fs snapshot keeps it). */
  files(): GitFiles {
    const gitDirectory = join(this.directory, '.git');
    const files = new Map<string, Uint8Array | undefined>();
    const walk = (directory: string) => {
      for (const entry of readdirSync(directory, { withFileTypes: true })) {
        const path = join(directory, entry.name);
        if (entry.isDirectory()) walk(path);
        else {
          const name = relative(gitDirectory, path);
          files.set(name, isGitContentPath(name) || isGitStatePath(name) ? readFileSync(path) : undefined);
        }
      }
    };
    walk(gitDirectory);
    return files;
  }

  [Symbol.dispose](): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** The git-state files whose bytes differ between two listings (what the fs snapshot's hashes would say). */
export function changedFiles(before: GitFiles, after: GitFiles): string[] {
  const same = (a: Uint8Array | undefined, b: Uint8Array | undefined) =>
    a !== undefined && b !== undefined && Buffer.from(a).equals(b);
  return [...new Set([...before.keys(), ...after.keys()])]
    .filter((path) => isGitStatePath(path) && !same(before.get(path), after.get(path)))
    .sort();
}
