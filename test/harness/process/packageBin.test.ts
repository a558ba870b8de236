import { describe, expect, it } from 'vitest';
import { chooseBin } from '../../../harness/process/packageBin.js';

const manifest = (bin: Record<string, string> | string) => ({
  name: '@scope/server-x',
  version: '1.0.0',
  bin,
});

describe('chooseBin: the program npx runs, named as npm links it into .bin', () => {
  it('cuts a scoped bin key to its last segment, as npm does (@mcp-get-community/server-curl)', () => {
    expect(chooseBin(manifest({ '@scope/server-x': 'dist/index.js' }), undefined)).toBe('server-x');
  });

  it('counts backslashes and colons as separators and drops keys that name no file', () => {
    expect(chooseBin(manifest({ 'a\\b:tool': 'x.js', '..': 'y.js', 'c/.': 'z.js' }), undefined)).toBe('tool');
  });

  it('names a string bin after the unscoped package', () => {
    expect(chooseBin(manifest('cli.js'), undefined)).toBe('server-x');
  });

  it('picks the one named after the package among several, and lists them when none is', () => {
    expect(chooseBin(manifest({ other: 'a.js', '@scope/server-x': 'b.js' }), undefined)).toBe('server-x');
    expect(() => chooseBin(manifest({ one: 'a.js', two: 'b.js' }), undefined)).toThrow(
      /several programs \(one, two\)/,
    );
  });
});
