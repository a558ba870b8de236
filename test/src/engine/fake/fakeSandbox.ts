import type {
  Change,
  HarvestedValue,
  Sandbox,
  SandboxSnapshot,
  Snapshot,
} from '../../../../harness/index.js';

/** One instant of a fake server's state, comparable by value: entity → content. */
interface FakeSnapshot extends Snapshot {
  readonly entries: ReadonlyMap<string, string>;
}

/** The environment the fake's state stands for: `{fs}`, so `--ignore` patterns and change keys read `fs:a`. */
const ENVIRONMENT = 'fs';

/**
 * A sandbox over an in-memory state: a snapshot is a copy of the map, and a diff says what the fs environment
 * would say of files with those contents (`add`/`delete` `file, N bytes`, `append` `+N bytes` when the old
 * content is a strict prefix of the new, else `modify` `… content changed`), in path order; harvest offers what
 * the fs harvest does (`{fs}`, each entity as a path bare and under `{fs}`, its base name). No disk.
 */
export function fakeSandbox(state: () => ReadonlyMap<string, string>, fs: string): Sandbox {
  return {
    directory: fs,
    placeholders: { fs },
    snapshot: () =>
      Promise.resolve(
        new Map<string, FakeSnapshot>([
          [ENVIRONMENT, { environment: ENVIRONMENT, entries: new Map(state()) }],
        ]),
      ),
    diff: (before, after) => diffEntries(entriesOf(before), entriesOf(after)),
    harvest: (snapshot) => harvestEntries(entriesOf(snapshot)),
    isolate: () => Promise.reject(new Error('a fake sandbox has no services to isolate')),
    [Symbol.asyncDispose]: () => Promise.resolve(),
  };
}

function entriesOf(snapshot: SandboxSnapshot): ReadonlyMap<string, string> {
  const found = snapshot.get(ENVIRONMENT) as FakeSnapshot | undefined;
  if (found === undefined) throw new Error('not a fake sandbox snapshot');
  return found.entries;
}

function diffEntries(old: ReadonlyMap<string, string>, now: ReadonlyMap<string, string>): Change[] {
  const at = (kind: Change['kind'], entity: string, detail: string): Change => ({
    kind,
    environment: ENVIRONMENT,
    entity,
    detail,
  });
  const changes: Change[] = [];
  for (const entity of [...new Set([...old.keys(), ...now.keys()])].sort()) {
    const a = old.get(entity);
    const b = now.get(entity);
    if (a === b) continue;
    if (a === undefined) changes.push(at('add', entity, `file, ${bytes(size(b ?? ''))}`));
    else if (b === undefined) changes.push(at('delete', entity, `file, ${bytes(size(a))}`));
    else if (b.length > a.length && b.startsWith(a))
      changes.push(at('append', entity, `+${bytes(size(b) - size(a))}`));
    else {
      const sizes = size(a) === size(b) ? bytes(size(a)) : `${size(a)} → ${bytes(size(b))}`;
      changes.push(at('modify', entity, `${sizes}, content changed`));
    }
  }
  return changes;
}

function harvestEntries(entries: ReadonlyMap<string, string>): HarvestedValue[] {
  const values: HarvestedValue[] = [{ kind: 'directory', value: `{${ENVIRONMENT}}` }];
  for (const entity of [...entries.keys()].sort()) {
    values.push({ kind: 'path', value: entity }, { kind: 'path', value: `{${ENVIRONMENT}}/${entity}` });
    values.push({ kind: 'name', value: entity.slice(entity.lastIndexOf('/') + 1) });
  }
  return values;
}

function size(content: string): number {
  return Buffer.byteLength(content);
}

function bytes(count: number): string {
  return `${count} ${count === 1 ? 'byte' : 'bytes'}`;
}
