import type { Change } from '../change.js';
import type { Snapshot } from '../environment.js';
import { diffTableRows } from './diffTableRows.js';
import type { PgObject } from './pgSnapshot.js';
import { asPgSnapshot } from './pgSnapshot.js';
import { PG_ENVIRONMENT } from './pgTarget.js';

const ORDER = { delete: 0, modify: 1, add: 2, append: 3, counter: 4 } as const;

/**
 * The changes from `before` to `after`: schema objects created (`add`), altered (`modify`) or dropped
 * (`delete`), without the columns, indexes and constraints of a table created or dropped with them; rows
 * inserted, updated or deleted (see diffTableRows); databases the server made in the cluster (`add`);
 * sequences advanced (`counter`); and one `counter` note per server transaction still open in `after` (its
 * writes are not visible yet). Pure.
 */
export function diffPgSnapshots(beforeSnapshot: Snapshot, afterSnapshot: Snapshot): Change[] {
  const before = asPgSnapshot(beforeSnapshot, 'before');
  const after = asPgSnapshot(afterSnapshot, 'after');
  const changes: Change[] = [];
  const object = (kind: Change['kind'], key: string, detail: string) =>
    changes.push({ kind, environment: PG_ENVIRONMENT, entity: key.slice(key.indexOf(' ') + 1), detail });
  const gone = new Set<string>();
  const born = new Set<string>();
  for (const [key, item] of before.objects)
    if (!after.objects.has(key) && item.type === 'table') gone.add(nameOf(key));
  for (const [key, item] of after.objects)
    if (!before.objects.has(key) && item.type === 'table') born.add(nameOf(key));
  for (const [key, item] of before.objects) {
    const now = after.objects.get(key);
    if (now === undefined) {
      if (!gone.has(item.owner ?? '')) object('delete', key, describe(item));
    } else if (now.definition !== item.definition) {
      object('modify', key, `${item.type}: ${item.definition || '(none)'} → ${now.definition || '(none)'}`);
    }
  }
  for (const [key, item] of after.objects) {
    if (!before.objects.has(key) && !born.has(item.owner ?? '')) object('add', key, describe(item));
  }
  for (const [oid, name] of after.databases ?? []) {
    // Only new ones: hintproof drops the server's databases itself after each run.
    if (before.databases !== undefined && !before.databases.has(oid)) {
      changes.push({
        kind: 'add',
        environment: PG_ENVIRONMENT,
        entity: `(database ${name})`,
        detail: "database made outside the run's own (hintproof drops it after the run)",
      });
    }
  }
  changes.push(...diffTableRows(before, after));
  for (const [name, value] of after.sequences) {
    const was = before.sequences.get(name);
    if (was !== undefined && was !== value) {
      changes.push({
        kind: 'counter',
        environment: PG_ENVIRONMENT,
        entity: name,
        detail: `${was} → ${value}`,
      });
    }
  }
  for (const open of after.open) {
    changes.push({
      kind: 'counter',
      environment: PG_ENVIRONMENT,
      entity: '(uncommitted transaction)',
      detail:
        `uncommitted transaction held by the server (backend ${open.pid}, ${open.state}` +
        `${open.wrote ? ', has written' : ''}); its writes are not visible to the snapshot`,
    });
  }
  return changes.sort(
    (a, b) => ORDER[a.kind] - ORDER[b.kind] || (a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : 0),
  );
}

function nameOf(key: string): string {
  return key.slice(key.indexOf(' ') + 1);
}

function describe(item: PgObject): string {
  return item.definition === '' ? item.type : `${item.type} ${item.definition}`;
}
