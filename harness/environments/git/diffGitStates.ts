import type { Change } from '../change.js';
import type { GitIndexEntry } from './readGitIndex.js';
import type { GitState } from './gitState.js';
import { fastForwardDistance, readLooseCommitParents } from './readLooseCommit.js';

/** Object ids listed in evidence at most; the rest are counted. */
const LISTED_OBJECTS = 5;

/**
 * The changes between two states of one git directory (`gitDirectory`, as the snapshot names it, e.g.
 * `repo/.git`), in `environment`: refs created, moved or deleted (`repo/.git#refs/heads/main`, `…#HEAD`) —
 * a ref moved forward to a descendant (a fast-forward: new commits on top of the old one, found through the
 * commits of `after`, loose or whole in a pack) is an `append`, additive like a log that grows; any other move is a `modify`;
 * index entries staged, changed or unstaged (`repo/.git#index/src/a.ts`, conflict stages as `@2`); objects
 * added (`add …#objects`, additive: objects never change) or removed (`delete …#objects`). Rewrites that
 * change no entry, ref or object (a stat-cache refresh by `git status`, a repack) are not changes of state:
 * `changedFiles` lists the git files whose bytes differ, and those are summarised as one `counter` note.
 * Pure.
 */
export function diffGitStates(
  environment: string,
  gitDirectory: string,
  before: GitState,
  after: GitState,
  changedFiles: readonly string[],
): Change[] {
  const changes: Change[] = [];
  const at = (kind: Change['kind'], entity: string, detail: string) =>
    changes.push({ kind, environment, entity: `${gitDirectory}#${entity}`, detail });
  for (const [name, value] of before.refs) {
    const now = after.refs.get(name);
    if (now === undefined) at('delete', name, `ref ${short(value)}`);
    else if (now !== value) {
      const ahead = fastForwardDistance(value, now, (oid) => parentsIn(after, oid));
      if (ahead === undefined) at('modify', name, `${short(value)} → ${short(now)}`);
      else at('append', name, `${short(value)} → ${short(now)}, fast-forward: ${commits(ahead)} on top`);
    }
  }
  for (const [name, value] of after.refs) if (!before.refs.has(name)) at('add', name, `ref ${short(value)}`);
  const a = before.index ?? new Map<string, GitIndexEntry>();
  const b = after.index ?? new Map<string, GitIndexEntry>();
  for (const [key, entry] of a) {
    const now = b.get(key);
    if (now === undefined) at('delete', indexEntity(entry), `staged ${describeEntry(entry)}`);
    else if (describeEntry(now) !== describeEntry(entry)) {
      at('modify', indexEntity(entry), `${describeEntry(entry)} → ${describeEntry(now)}`);
    }
  }
  for (const [key, entry] of b)
    if (!a.has(key)) at('add', indexEntity(entry), `staged ${describeEntry(entry)}`);
  const added = [...after.objects].filter((id) => !before.objects.has(id)).sort();
  const removed = [...before.objects].filter((id) => !after.objects.has(id)).sort();
  if (added.length > 0) at('add', 'objects', `+${objectList(added)}`);
  if (removed.length > 0) at('delete', 'objects', `-${objectList(removed)}`);
  if (changes.length === 0 && changedFiles.length > 0) {
    at(
      'counter',
      changedFiles.includes('index') ? 'index' : 'objects',
      `${changedFiles.join(', ')} rewritten with the same refs, index entries and objects (a cache refresh or repack)`,
    );
  }
  return changes;
}

function parentsIn(state: GitState, oid: string): readonly string[] | undefined {
  const head = state.looseHeads.get(oid);
  return head === undefined ? state.packedParents.get(oid) : readLooseCommitParents(head);
}

function commits(count: number): string {
  return `${count} ${count === 1 ? 'commit' : 'commits'}`;
}

function indexEntity(entry: GitIndexEntry): string {
  return `index/${entry.path}${entry.stage === 0 ? '' : `@${entry.stage}`}`;
}

function describeEntry(entry: GitIndexEntry): string {
  const flags = entry.flags.length === 0 ? '' : ` (${entry.flags.join(', ')})`;
  return `${entry.mode} ${short(entry.oid)}${flags}`;
}

/** An object id cut to 12 characters (a symbolic ref stays whole). */
function short(value: string): string {
  return /^[0-9a-f]{40,64}$/.test(value) ? value.slice(0, 12) : value;
}

function objectList(ids: readonly string[]): string {
  const shown = ids.slice(0, LISTED_OBJECTS).map(short).join(', ');
  const more = ids.length > LISTED_OBJECTS ? `, … ${ids.length - LISTED_OBJECTS} more` : '';
  return `${ids.length} ${ids.length === 1 ? 'object' : 'objects'} (${shown}${more})`;
}
