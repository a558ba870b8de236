import { describe, expect, it } from 'vitest';
import { splitSql } from '../../../../harness/environments/postgres/index.js';

describe('splitSql', () => {
  it('splits on top-level semicolons and gives each statement its first line', () => {
    const script = [
      '-- a comment; not a statement',
      'create table t (a text);',
      '',
      "insert into t values ('x;y'), (E'it\\'s; fine'), ('dou''ble;');",
      '/* block; /* nested; */ still comment; */',
      "create function f() returns text language sql as $body$ select ';' $body$;",
      'select $$a;b$$ as "col;umn"',
    ].join('\n');
    expect(splitSql(script)).toEqual([
      { text: 'create table t (a text)', line: 2 },
      { text: "insert into t values ('x;y'), (E'it\\'s; fine'), ('dou''ble;')", line: 4 },
      { text: "create function f() returns text language sql as $body$ select ';' $body$", line: 6 },
      { text: 'select $$a;b$$ as "col;umn"', line: 7 },
    ]);
  });

  it('drops empty statements and comment-only tails', () => {
    expect(splitSql(';;\n-- only a comment\n')).toEqual([]);
    expect(splitSql('select 1;\n\n  select 2 -- two\n;')).toEqual([
      { text: 'select 1', line: 1 },
      { text: 'select 2 -- two', line: 3 },
    ]);
  });
});
