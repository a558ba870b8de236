import {
  appendFile,
  chmod,
  mkdir,
  mkdtemp,
  open,
  rename,
  rm,
  symlink,
  truncate,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Change } from '../../../../harness/environments/change.js';
import { createFsProvider } from '../../../../harness/environments/fs/index.js';
import type { ModelEntry } from './sandboxFixture.js';
import { readModel } from './sandboxFixture.js';

const PATHS = ['a', 'b', '.h', 'd', 'd/c', 'd/e'] as const;

type Operation =
  | { op: 'write' | 'append' | 'replace'; path: string; content: string }
  | { op: 'overwrite'; path: string; offset: number; content: string }
  | { op: 'truncate'; path: string; length: number }
  | { op: 'rename'; path: string; to: string }
  | { op: 'chmod'; path: string; mode: number }
  | { op: 'rm' | 'mkdir'; path: string }
  | { op: 'symlink'; path: string; target: string };

const path = fc.constantFrom(...PATHS);
// A two-letter alphabet, line breaks and short contents, so that identical rewrites, true prefixes and lines
// only inserted are frequent.
const content = fc
  .array(fc.constantFrom('a', 'b', '\n'), { maxLength: 6 })
  .map((letters) => letters.join(''));
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ op: fc.constantFrom('write' as const, 'append' as const, 'replace' as const), path, content }),
  fc.record({ op: fc.constant('overwrite' as const), path, offset: fc.nat(4), content }),
  fc.record({ op: fc.constant('truncate' as const), path, length: fc.nat(6) }),
  fc.record({ op: fc.constant('rename' as const), path, to: path }),
  // Owner keeps rwx, so that every directory stays listable for non-root users too.
  fc.record({ op: fc.constant('chmod' as const), path, mode: fc.constantFrom(0o700, 0o750, 0o755, 0o777) }),
  fc.record({ op: fc.constantFrom('rm' as const, 'mkdir' as const), path }),
  // Targets stay inside the sandbox (or dangle), so writes and chmods through a link never leave it.
  fc.record({ op: fc.constant('symlink' as const), path, target: fc.constantFrom('a', 'd', 'nowhere') }),
);
const batch = fc.array(operation, { maxLength: 8 });

async function apply(root: string, operations: readonly Operation[]): Promise<void> {
  for (const operation of operations) {
    const at = join(root, operation.path);
    try {
      switch (operation.op) {
        case 'write':
          await writeFile(at, operation.content);
          break;
        case 'append':
          await appendFile(at, operation.content);
          break;
        case 'replace':
          await writeFile(`${at}.tmp`, operation.content);
          await rename(`${at}.tmp`, at);
          break;
        case 'overwrite': {
          const handle = await open(at, 'r+');
          await handle.write(operation.content, operation.offset);
          await handle.close();
          break;
        }
        case 'truncate':
          await truncate(at, operation.length);
          break;
        case 'rename':
          await rename(at, join(root, operation.to));
          break;
        case 'chmod':
          await chmod(at, operation.mode);
          break;
        case 'rm':
          await rm(at, { recursive: true, force: true });
          break;
        case 'mkdir':
          await mkdir(at);
          break;
        case 'symlink':
          await symlink(operation.target, at);
          break;
      }
    } catch {
      // Operations that do not apply to the current tree (missing parent, not a directory, …) are no-ops.
    }
  }
}

/**
 * What an oracle expects for one path, from two independent readings of the tree: a change kind, or for a
 * file whose text (no NUL byte) changed other than by an append, `lines add` when its old lines (terminators included) are
 * a subsequence of its new ones, else `lines edit`; plus a `modify` when its mode changed too.
 */
function expectedKinds(a: ModelEntry | undefined, b: ModelEntry | undefined): string[] {
  if (a === undefined) return b === undefined ? [] : ['add'];
  if (b === undefined) return ['delete'];
  if (a.type === b.type && a.mode === b.mode && a.content === b.content) return [];
  const [before, after] = [a.content ?? '', b.content ?? ''];
  const grown = after.length > before.length && after.startsWith(before);
  // A NUL byte (an overwrite past the end leaves a hole) makes a file binary: compared as bytes.
  const binary = before.includes('\0') || after.includes('\0');
  if (a.type !== 'file' || b.type !== 'file' || grown || binary) {
    return [a.type === 'file' && b.type === 'file' && a.mode === b.mode && grown ? 'append' : 'modify'];
  }
  const kinds = a.mode === b.mode ? [] : ['modify'];
  if (before === after) return kinds;
  const split = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const [old, now] = [split(before), split(after)];
  let kept = 0;
  for (const line of now) if (kept < old.length && old[kept] === line) kept++;
  return [...kinds, kept === old.length ? 'lines add' : 'lines edit'];
}

function expectedChanges(a: Map<string, ModelEntry>, b: Map<string, ModelEntry>): string[] {
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths
    .flatMap((path) => expectedKinds(a.get(path), b.get(path)).map((kind) => `${kind} ${path}`))
    .sort();
}

/** The changes as the oracle speaks of them: a file's line changes as one `lines add` or `lines edit`. */
function observedChanges(changes: readonly Change[]): string[] {
  const lines = new Map<string, boolean>();
  const rest: string[] = [];
  for (const change of changes) {
    const at = change.entity.indexOf('#[line ');
    if (at < 0) rest.push(`${change.kind} ${change.entity}`);
    else {
      const file = change.entity.slice(0, at);
      lines.set(file, (lines.get(file) ?? true) && change.kind === 'add');
    }
  }
  const grouped = [...lines].map(([file, added]) => `lines ${added ? 'add' : 'edit'} ${file}`);
  return [...rest, ...grouped].sort();
}

const sameTree = (a: Map<string, ModelEntry>, b: Map<string, ModelEntry>): boolean =>
  JSON.stringify([...a]) === JSON.stringify([...b]);

describe('diffFsSnapshots (property)', () => {
  it('reports exactly the paths whose type, mode or content differ, and append only for a true prefix', async () => {
    const base = await mkdtemp(join(tmpdir(), 'hintproof-fs-prop-'));
    const provider = await createFsProvider({});
    let run = 0;
    try {
      await fc.assert(
        fc.asyncProperty(batch, batch, batch, async (setup, first, second) => {
          const runDirectory = join(base, String(run++));
          await mkdir(runDirectory);
          const instance = await provider.create(runDirectory);
          try {
            await apply(instance.root, setup);
            const snapshots = [await instance.snapshot()];
            const models = [readModel(instance.root)];
            for (const operations of [first, second]) {
              await apply(instance.root, operations);
              snapshots.push(await instance.snapshot());
              models.push(readModel(instance.root));
            }
            for (const [i, j] of [
              [0, 1],
              [1, 2],
              [0, 2],
            ] as const) {
              const changes = instance.diff(snapshots[i]!, snapshots[j]!);
              expect(observedChanges(changes)).toEqual(expectedChanges(models[i]!, models[j]!));
              expect(changes.length === 0).toBe(sameTree(models[i]!, models[j]!));
              for (const change of changes.filter((c) => c.kind === 'append')) {
                const grownBy =
                  models[j]!.get(change.entity)!.content!.length -
                  models[i]!.get(change.entity)!.content!.length;
                expect(change.detail).toBe(`+${grownBy} ${grownBy === 1 ? 'byte' : 'bytes'}`);
              }
            }
          } finally {
            await instance[Symbol.asyncDispose]();
          }
        }),
        { numRuns: 150 },
      );
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});
