import { describe, expect, it } from 'vitest';
import type { Change } from '../../../../harness/index.js';
import { exclusionOf } from '../../../../src/engine/policy/exclusion.js';
import { change } from '../observationFixtures.js';

describe('exclusionOf', () => {
  it('excludes exactly the ambient entities and the --ignore matches', () => {
    const isExcluded = exclusionOf([change('modify', 'clock.txt')], ['fs:**/*.log']);
    expect(isExcluded(change('modify', 'clock.txt'))).toBe(true);
    expect(isExcluded(change('append', '.access.log'))).toBe(true);
    expect(isExcluded(change('append', 'logs/deep/x.log'))).toBe(true);
    expect(isExcluded(change('modify', 'notes/a.md'))).toBe(false);
    expect(isExcluded(change('add', 'clock.txt.bak'))).toBe(false);
  });

  it('excludes a record inside a JSON file through its file, and ambient records or files by key', () => {
    const isExcluded = exclusionOf(
      [change('modify', 'state.json#/clock'), change('modify', 'clock.json')],
      ['fs:data/*.json', 'fs:cache.json#/hits'],
    );
    expect(isExcluded(change('add', 'data/bookmarks.json#/bookmarks/[id=b1]'))).toBe(true);
    expect(isExcluded(change('delete', 'data/memory.json#[name=Alice]'))).toBe(true);
    expect(isExcluded(change('modify', 'data/sub/x.json#/a'))).toBe(false);
    expect(isExcluded(change('modify', 'cache.json#/hits'))).toBe(true);
    expect(isExcluded(change('modify', 'cache.json#/misses'))).toBe(false);
    expect(isExcluded(change('modify', 'state.json#/clock'))).toBe(true);
    expect(isExcluded(change('add', 'state.json#/notes/[id=n1]'))).toBe(false);
    expect(isExcluded(change('modify', 'clock.json#/now'))).toBe(true);
    expect(isExcluded(change('modify', 'clock.json.bak#/now'))).toBe(false);
  });

  it('excludes every line of a text file any line of which changed while nothing was called', () => {
    // A log the server appends to in the background: its ambient line and a call's are different lines.
    const isExcluded = exclusionOf([change('add', 'logs/app.log#[line 5]')], []);
    expect(isExcluded(change('add', 'logs/app.log#[line 9]'))).toBe(true);
    expect(isExcluded(change('modify', 'logs/app.log#[line 1]'))).toBe(true);
    expect(isExcluded(change('add', 'logs/app.log.1#[line 1]'))).toBe(false);
    expect(isExcluded(change('add', 'notes.md#[line 5]'))).toBe(false);
    expect(isExcluded(change('add', 'logs/app.log#/line'))).toBe(false);
    // The file as a whole: read mid-write (truncated or torn), a snapshot compares it as bytes.
    expect(isExcluded(change('modify', 'logs/app.log'))).toBe(true);
    expect(isExcluded(change('modify', 'logs/app.log.1'))).toBe(false);
  });

  it('excludes nothing by default', () => {
    const isExcluded = exclusionOf([], []);
    for (const entity of ['.access.log', 'a.tmp', '.git/index', 'node_modules/x']) {
      expect(isExcluded(change('add', entity))).toBe(false);
    }
  });

  it('excludes every change to a pg table named by its pattern, and updates touching only matching columns', () => {
    const pg = (kind: Change['kind'], entity: string, columns?: string[]): Change => ({
      kind,
      environment: 'pg',
      entity,
      detail: '',
      ...(columns === undefined ? {} : { columns }),
    });
    const isExcluded = exclusionOf([], ['pg:public.audit_log', 'pg:*.updated_at']);
    expect(isExcluded(pg('add', 'public.audit_log(id=3)'))).toBe(true);
    expect(isExcluded(pg('delete', 'public.audit_log'))).toBe(true);
    expect(isExcluded(pg('modify', 'public.audit_log.message'))).toBe(true);
    expect(isExcluded(pg('add', 'public.audit_logs(id=3)'))).toBe(false);
    expect(isExcluded(pg('modify', 'public.orders(id=1)', ['public.orders.updated_at']))).toBe(true);
    expect(
      isExcluded(pg('modify', 'public.orders(id=1)', ['public.orders.updated_at', 'public.orders.total'])),
    ).toBe(false);
    expect(isExcluded(pg('delete', 'public.orders(id=1)'))).toBe(false);
    expect(isExcluded(change('add', 'public.audit_log(id=3)'))).toBe(false);
  });

  it('excludes a SQLite row through its table or database, and updates touching only matching columns', () => {
    const sqlite = (kind: Change['kind'], entity: string, columns?: string[]): Change => ({
      kind,
      environment: 'sqlite',
      entity,
      detail: '',
      ...(columns === undefined ? {} : { columns }),
    });
    const isExcluded = exclusionOf([], ['sqlite:todo.db#audit', 'sqlite:cache.db', 'sqlite:*.updated_at']);
    expect(isExcluded(sqlite('add', 'todo.db#audit(id=3)'))).toBe(true);
    expect(isExcluded(sqlite('add', 'todo.db#audit.note'))).toBe(true);
    expect(isExcluded(sqlite('add', 'todo.db#audits(id=3)'))).toBe(false);
    expect(isExcluded(sqlite('add', 'todo.db#todos(title="#audit")'))).toBe(false);
    expect(isExcluded(sqlite('delete', 'cache.db#entries(k="a")'))).toBe(true);
    expect(isExcluded(sqlite('modify', 'todo.db#todos(id=1)', ['todo.db#todos.updated_at']))).toBe(true);
    expect(isExcluded(sqlite('modify', 'todo.db#todos(id=1)', ['todo.db#todos.done']))).toBe(false);
  });

  it('excludes records of JSON files in HOME and TMPDIR through their file, as in {fs}', () => {
    const home: Change = {
      kind: 'modify',
      environment: 'home',
      entity: '.app/config.json#/uses',
      detail: '',
    };
    expect(exclusionOf([], ['home:.app/*.json'])(home)).toBe(true);
    expect(exclusionOf([{ ...home, entity: '.app/config.json' }], [])(home)).toBe(true);
    expect(exclusionOf([], ['fs:.app/*.json'])(home)).toBe(false);
  });
});
