import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { specialsBelow } from '../../../harness/process/hostSpecials.js';

const root = mkdtempSync(join(tmpdir(), 'host-specials-'));
const outside = mkdtempSync(join(tmpdir(), 'host-specials-outside-'));
const listener = createServer();
afterAll(() => {
  listener.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('specialsBelow', () => {
  it('finds every socket and FIFO at any depth, and nothing through a symbolic link', async () => {
    mkdirSync(join(root, 'a/b/c'), { recursive: true });
    writeFileSync(join(root, 'a/file.txt'), 'x');
    execFileSync('mkfifo', [
      join(root, 'a/b/c/deep.fifo'),
      join(root, 'top.fifo'),
      join(outside, 'far.fifo'),
    ]);
    await new Promise<void>((resolve) => listener.listen(join(root, 'a/live.sock'), resolve));
    symlinkSync(outside, join(root, 'a/link'));
    expect(specialsBelow(root)).toEqual([
      join(root, 'a/b/c/deep.fifo'),
      join(root, 'a/live.sock'),
      join(root, 'top.fifo'),
    ]);
  });

  it('refuses a directory too large to check, or holding too many, saying which and what to do', () => {
    expect(() => specialsBelow(root, { entries: 3, specials: 100 })).toThrow(
      new RegExp(
        `${root}, which the sandbox would show read-only, holds more than 3 entries.*smaller project`,
      ),
    );
    expect(() => specialsBelow(root, { entries: 100, specials: 2 })).toThrow(/more than 2 sockets and FIFOs/);
  });
});
