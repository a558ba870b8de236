import type { HarvestedValue, Snapshot } from '../environment.js';
import type { FsSnapshot } from './fsEntry.js';
import { asFsSnapshot } from './fsEntry.js';
import { harvestFsSnapshot } from './harvestFsSnapshot.js';

/**
 * Pure: the values of a package's copy (`pkg`) worth offering to arguments: only what lies in files the package
 * was not installed with (`installed`: its files as copied), which are what the server wrote there
 * (`memory.jsonl`'s entity names), never its code; and no paths, which name nothing the server was given
 * (see `harvestFsSnapshot` for what a file offers).
 */
export function harvestWritten(snapshot: Snapshot, installed: ReadonlySet<string>): HarvestedValue[] {
  const tree = asFsSnapshot(snapshot, 'harvested');
  const written = [...tree.entries].filter(([path, entry]) => entry.type === 'file' && !installed.has(path));
  if (written.length === 0) return [];
  const data: FsSnapshot = { ...tree, entries: new Map(written) };
  return harvestFsSnapshot(data).filter((value) => value.kind !== 'path' && value.kind !== 'directory');
}
