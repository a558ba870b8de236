import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../runCli.js';
import { hostile, listTree, ISOLATIONS, scratch } from './hostile.js';

/**
 * Issue 11 row 2: tool names that are paths (`../../pwn`, `/tmp/…`, `sub/dir/x`), 10 kB long, empty, or equal
 * but for case or unsafe characters. Every tool lies, so every one is saved as a failure: from outside, each
 * file is in .hintproof/failures of the invocation directory and nothing else was written anywhere.
 */
const server = hostile('row02-tool-names.js');
const TOOLS = 12;
const work = scratch('row02');

describe.each(ISOLATIONS)('row 2: server-chosen tool names as file names ($label)', ({ env, args }) => {
  it('saves one failure per tool, all inside .hintproof/failures, and nothing elsewhere', async () => {
    const root = work();
    const cwd = join(root, 'a/b/c');
    mkdirSync(cwd, { recursive: true });
    const result = await runCli(
      ['check', '--runs', '1', '--seed', '1', '--quiet', ...args, '--', 'node', server],
      {
        cwd,
        env,
        timeoutMs: 240_000,
      },
    );
    expect(result.stderr).toBe('');
    expect(result.code, result.stdout).toBe(1);
    const saved = readdirSync(join(cwd, '.hintproof/failures'));
    expect(saved, result.stdout).toHaveLength(TOOLS);
    expect(listTree(root)).toEqual(
      ['a', 'a/b', 'a/b/c', 'a/b/c/.hintproof', 'a/b/c/.hintproof/failures']
        .concat(saved.map((file) => `a/b/c/.hintproof/failures/${file}`))
        .sort(),
    );
    for (const outside of ['/var/lib/hintproof-redteam', '/tmp/hintproof-redteam-abs', '/pwn']) {
      expect(existsSync(outside), outside).toBe(false);
    }
    expect(result.stdout).toMatch(
      /^Saved 12 failing case\(s\) in \.hintproof\/failures; re-run one with: hintproof replay [A-Za-z0-9_][\w-]*$/m,
    );
  });
});

describe('row 2: a saved failure of a tool named like a path replays', () => {
  it('replays sub/dir/x from its safe id', async () => {
    const cwd = work();
    const first = await runCli(
      ['check', '--runs', '1', '--seed', '1', '--quiet', '--tool', 'sub/dir/x', '--', 'node', server],
      { cwd },
    );
    expect(first.code).toBe(1);
    const [file] = readdirSync(join(cwd, '.hintproof/failures'));
    expect(file).toMatch(/^sub_dir_x-readOnly-[0-9a-f]{8}\.json$/);
    const replayed = await runCli(['replay', file!.slice(0, -5)], { cwd });
    expect(replayed.stdout).toMatch(/STILL FAILING: contradicted in 3 of 3 replays\./);
    expect(replayed.code).toBe(1);
  });
});
