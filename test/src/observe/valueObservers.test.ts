import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../src/mcp/index.js';
import { observerKey, valueObservers } from '../../../src/observe/index.js';

const tool = (
  name: string,
  inputSchema: unknown,
  annotations: unknown = { readOnlyHint: true },
): ToolInfo => ({
  name,
  inputSchema,
  annotations,
});
const byId = (type: string, extra: object = {}) => ({
  type: 'object',
  properties: { id: { type, ...extra } },
  required: ['id'],
});

describe('valueObservers', () => {
  it('calls read-only tools that need one argument with each value of its type the schema accepts', () => {
    const tools = [
      tool('get_note', byId('integer', { minimum: 1 })),
      tool('get_item', byId('string', { pattern: '^i' })),
      tool('delete_item', byId('string'), { readOnlyHint: false }),
      tool('two_needed', { type: 'object', required: ['a', 'b'] }),
    ];
    const observers = valueObservers(tools, [], ['i1', 'x9', 3, 0, 2.5, '', 'i1']);
    expect(observers).toEqual([
      { kind: 'tool', name: 'get_item', args: { id: 'i1' } },
      { kind: 'tool', name: 'get_note', args: { id: 3 } },
    ]);
    expect(observers.map(observerKey)).toEqual(['get_item {"id":"i1"}', 'get_note {"id":3}']);
  });

  it('fills templates with exactly one simple expression, percent-encoded', () => {
    const templates = [
      { uriTemplate: 'memo://items/{id}', name: 'item' },
      { uriTemplate: 'memo://search{?q}', name: 'search' },
      { uriTemplate: 'memo://{a}/{b}', name: 'pair' },
    ];
    expect(valueObservers([], templates, ['i1', "a/b c'd"])).toEqual([
      { kind: 'resource', name: 'memo://items/i1' },
      { kind: 'resource', name: 'memo://items/a%2Fb%20c%27d' },
    ]);
  });

  it('keeps at most max and takes no huge value', () => {
    const templates = [{ uriTemplate: 'memo://items/{id}', name: 'item' }];
    const values = ['a', 'b', 'c', 'x'.repeat(201)];
    expect(valueObservers([], templates, values, 2).map((observer) => observer.name)).toEqual([
      'memo://items/a',
      'memo://items/b',
    ]);
    expect(valueObservers([], templates, values)).toHaveLength(3);
  });
});
