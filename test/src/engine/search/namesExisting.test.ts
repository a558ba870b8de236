import { describe, expect, it } from 'vitest';
import { argumentsNameNothing, namesExisting } from '../../../../src/engine/search/namesExisting.js';

const EXISTING = new Set(['articles', 'Author Notes', '{fs}/a.md', 'n-42']);

describe('namesExisting', () => {
  it('finds a harvested value anywhere among the arguments', () => {
    expect(namesExisting({ path: '{fs}/a.md' }, EXISTING)).toBe(true);
    expect(namesExisting({ items: [{ id: 'n-42' }] }, EXISTING)).toBe(true);
    expect(namesExisting({ path: '{fs}/b.md', n: 42 }, EXISTING)).toBe(false);
  });

  it('counts a whole number under an id name that is an existing value in digits, not a count', () => {
    const existing = new Set(['1001', '5']);
    expect(namesExisting({ ticket_id: 1001 }, existing)).toBe(true);
    expect(namesExisting({ items: [{ issue_number: 1001 }] }, existing)).toBe(true);
    expect(namesExisting({ ticket_id: 1002 }, existing)).toBe(false);
    expect(namesExisting({ limit: 5 }, existing)).toBe(false);
    expect(namesExisting({ id: 1001.5 }, existing)).toBe(false);
  });

  it('counts an SQL statement that names an existing table, bare, qualified or quoted', () => {
    expect(namesExisting({ sql: 'SELECT * FROM articles LIMIT 5' }, EXISTING)).toBe(true);
    expect(namesExisting({ sql: '  delete from public.articles where id = 1' }, EXISTING)).toBe(true);
    expect(namesExisting({ sql: 'UPDATE "Author Notes" SET x = 1' }, EXISTING)).toBe(true);
    expect(namesExisting({ sql: 'SELECT 1' }, EXISTING)).toBe(false);
    expect(namesExisting({ sql: 'CREATE TABLE scratch_1 (id int)' }, EXISTING)).toBe(false);
  });

  it('does not read free text as SQL', () => {
    expect(namesExisting({ text: 'the articles of last week' }, EXISTING)).toBe(false);
    expect(namesExisting({ text: 'selection of articles' }, EXISTING)).toBe(false);
  });
});

describe('argumentsNameNothing', () => {
  it('holds when every property is a boolean or a fixed choice', () => {
    const format = { type: 'string', enum: ['json', 'text'] };
    expect(argumentsNameNothing({ type: 'object', properties: { format } })).toBe(true);
    expect(argumentsNameNothing({ properties: { all: { type: 'boolean' }, mode: { const: 'x' } } })).toBe(
      true,
    );
  });

  it('fails for a free string or a number, which may name an entity, and for no properties at all', () => {
    expect(argumentsNameNothing({ properties: { name: { type: 'string' } } })).toBe(false);
    expect(argumentsNameNothing({ properties: { id: { type: 'integer' } } })).toBe(false);
    expect(argumentsNameNothing({ type: 'object' })).toBe(false);
    expect(argumentsNameNothing({ type: 'object', properties: {} })).toBe(false);
    expect(argumentsNameNothing(null)).toBe(false);
  });
});
