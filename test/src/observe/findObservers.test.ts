import { describe, expect, it } from 'vitest';
import type { ResourceInfo, ToolInfo } from '../../../src/mcp/index.js';
import { findObservers } from '../../../src/observe/index.js';

const tool = (name: string, annotations: unknown, inputSchema: unknown = { type: 'object' }): ToolInfo => ({
  name,
  inputSchema,
  annotations,
});
const resource = (uri: string): ResourceInfo => ({ uri, name: uri });

describe('findObservers', () => {
  it('takes read-only tools that accept {} (sorted, called with {}), then listed resources (sorted)', () => {
    const tools = [
      tool('list_b', { readOnlyHint: true }),
      tool('add', { readOnlyHint: false }),
      tool('list_a', { readOnlyHint: true }, { type: 'object', properties: { limit: { type: 'number' } } }),
      tool('get', { readOnlyHint: true }, { type: 'object', properties: { id: {} }, required: ['id'] }),
      tool('unannotated', undefined),
      tool('says_yes', { readOnlyHint: 'yes' }),
    ];
    expect(findObservers(tools, [resource('memo://z'), resource('memo://a')])).toEqual([
      { kind: 'tool', name: 'list_a', args: {} },
      { kind: 'tool', name: 'list_b', args: {} },
      { kind: 'resource', name: 'memo://a' },
      { kind: 'resource', name: 'memo://z' },
    ]);
  });

  it('leaves out a tool whose schema rejects {} without a top-level required, or that ajv cannot read', () => {
    const tools = [
      tool('needs_one', { readOnlyHint: true }, { type: 'object', minProperties: 1 }),
      tool('one_of', { readOnlyHint: true }, { anyOf: [{ required: ['a'] }, { required: ['b'] }] }),
      tool('broken', { readOnlyHint: true }, { type: 'object', not: { $ref: '#/nowhere' } }),
      tool('no_schema', { readOnlyHint: true }, undefined),
    ];
    expect(findObservers(tools, []).map((observer) => observer.name)).toEqual(['no_schema']);
  });

  it('keeps at most max, never two with one key, and no empty or huge names', () => {
    const tools = ['t1', 't2', 't3'].map((name) => tool(name, { readOnlyHint: true }));
    const resources = [resource('t1'), resource(''), resource('x'.repeat(5000)), resource('r1')];
    expect(findObservers(tools, resources).map((observer) => observer.name)).toEqual([
      't1',
      't2',
      't3',
      'r1',
    ]);
    expect(findObservers(tools, resources, 2).map((observer) => observer.name)).toEqual(['t1', 't2']);
  });

  it('puts the resource listing after the tools and before the resources, when the server lists resources', () => {
    const tools = [tool('list', { readOnlyHint: true })];
    expect(findObservers(tools, [resource('memo://a')], 6, true)).toEqual([
      { kind: 'tool', name: 'list', args: {} },
      { kind: 'listing', name: 'resources/list' },
      { kind: 'resource', name: 'memo://a' },
    ]);
    // Even when it lists nothing yet: a resource that appears later shows only there.
    expect(findObservers([], [], 6, true)).toEqual([{ kind: 'listing', name: 'resources/list' }]);
    expect(findObservers(tools, [resource('memo://a')], 2, true).map((observer) => observer.kind)).toEqual([
      'tool',
      'listing',
    ]);
  });

  it('chooses the same observers whatever order the server lists them in', () => {
    const tools = ['c', 'a', 'b'].map((name) => tool(name, { readOnlyHint: true }));
    expect(findObservers(tools, [], 2)).toEqual(findObservers([...tools].reverse(), [], 2));
  });
});
