import { describe, expect, it } from 'vitest';
import type { HarvestedValue } from '../../../../harness/index.js';
import { placesNamed } from '../../../../src/engine/session/placesNamed.js';

const HARVESTED: readonly HarvestedValue[] = [
  { kind: 'directory', value: '{fs}' },
  { kind: 'path', value: '{fs}/a.md' },
  { kind: 'path', value: 'a.md' },
  { kind: 'directory', value: '{home}' },
  { kind: 'path', value: '{home}/.config' },
  { kind: 'directory', value: '{tmp}' },
  { kind: 'name', value: '{tmp}' },
  { kind: 'text', value: '{home}/notes' },
];

describe('placesNamed', () => {
  it('keeps the paths of the sandbox directories the server was given, and every name and text', () => {
    const kept = placesNamed(HARVESTED, ['npx', '-y', 'server-filesystem', '{fs}']).map((e) => e.value);
    expect(kept).toEqual(['{fs}', '{fs}/a.md', 'a.md', '{tmp}', '{home}/notes']);
  });

  it('counts a place named in an --env value or inside a longer word', () => {
    const kept = placesNamed(HARVESTED, ['node', 'server.js', '{fs}', 'CACHE={home}/cache']);
    expect(kept.map((e) => e.value)).toContain('{home}/.config');
    expect(kept.map((e) => e.value)).not.toContain('{tmp}/x');
    expect(kept.filter((e) => e.kind === 'directory').map((e) => e.value)).toEqual(['{fs}', '{home}']);
  });

  it('keeps everything when the server was given no place', () => {
    expect(placesNamed(HARVESTED, ['npx', '-y', 'server-memory'])).toEqual(HARVESTED);
    expect(placesNamed(HARVESTED, ['node', 'db.js', '{pg}'])).toEqual(HARVESTED);
  });
});
