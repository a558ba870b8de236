import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFifo } from '../../../harness/process/fifoSupply.js';

const work = mkdtempSync(join(tmpdir(), 'hintproof-fifos-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const hidden = (directory: string) => readdirSync(directory).filter((name) => name.startsWith('.fifo-'));

describe('makeFifo', () => {
  it('makes FIFOs of mode 0600 by their names, a batch of them per child', async () => {
    const directory = join(work, 'batch');
    mkdirSync(directory);
    for (const name of ['run-0.egress', 'run-1.egress', 'run-2.egress']) {
      await makeFifo(join(directory, name));
      const made = lstatSync(join(directory, name));
      expect(made.isFIFO()).toBe(true);
      expect(made.mode & 0o777).toBe(0o600);
    }
    // One child made eight: three handed out, five held for the sessions to come.
    expect(hidden(directory)).toHaveLength(5);
  });

  it('makes them for calls at once, each its own', async () => {
    const directory = join(work, 'together');
    mkdirSync(directory);
    const names = Array.from({ length: 12 }, (_, index) => join(directory, `run-${String(index)}.egress`));
    await Promise.all(names.map((name) => makeFifo(name)));
    for (const name of names) expect(lstatSync(name).isFIFO()).toBe(true);
    expect(hidden(directory)).toHaveLength(4);
  });

  it('refuses a name that is taken, following and replacing nothing', async () => {
    const directory = join(work, 'taken');
    mkdirSync(directory);
    const outside = join(work, 'outside.txt');
    writeFileSync(outside, 'host file');
    symlinkSync(outside, join(directory, 'link.egress'));
    writeFileSync(join(directory, 'file.egress'), 'kept');
    mkdirSync(join(directory, 'dir.egress'));
    for (const name of ['link.egress', 'file.egress', 'dir.egress']) {
      await expect(makeFifo(join(directory, name))).rejects.toThrow(/File exists/);
    }
    expect(lstatSync(join(directory, 'link.egress')).isSymbolicLink()).toBe(true);
    expect(readFileSync(outside, 'utf8')).toBe('host file');
    expect(readFileSync(join(directory, 'file.egress'), 'utf8')).toBe('kept');
    // The FIFO refused is still held for the next name.
    await makeFifo(join(directory, 'free.egress'));
    expect(lstatSync(join(directory, 'free.egress')).isFIFO()).toBe(true);
  });

  it('makes a new batch when the directory lost the held ones, and says why it cannot', async () => {
    const directory = join(work, 'again');
    mkdirSync(directory);
    await makeFifo(join(directory, 'run-0.egress'));
    rmSync(directory, { recursive: true });
    mkdirSync(directory);
    await makeFifo(join(directory, 'run-1.egress'));
    expect(lstatSync(join(directory, 'run-1.egress')).isFIFO()).toBe(true);
    await expect(makeFifo(join(work, 'missing', 'run-0.egress'))).rejects.toThrow(
      /No such file or directory/,
    );
  });
});
