import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../../src/mcp/index.js';
import { likelyProducers } from '../../../../src/engine/search/likelyProducers.js';

const tool = (name: string, properties: string[], annotations?: Record<string, boolean>): ToolInfo => ({
  name,
  inputSchema: { type: 'object', properties: Object.fromEntries(properties.map((key) => [key, {}])) },
  annotations,
});

/** The task manager's tools (no annotations): which make the requests and tasks another tool refers to. */
const tools = [
  tool('request_planning', ['originalRequest', 'tasks']),
  tool('get_next_task', ['requestId']),
  tool('mark_task_done', ['requestId', 'taskId']),
  tool('list_requests', []),
  tool('add_tasks_to_request', ['requestId', 'tasks']),
  tool('approve_request_completion', ['requestId']),
  tool('read_requests', [], { readOnlyHint: true }),
];
const named = (name: string) => tools.find((candidate) => candidate.name === name)!;

describe('likely producers of what a tool refers to', () => {
  it('by name and hints alone, whatever the target', () => {
    expect(likelyProducers(tools)).toEqual(['add_tasks_to_request']);
  });

  it('tools named after an entity the target takes by id, that do not take that id themselves', () => {
    expect(likelyProducers(tools, named('get_next_task'))).toEqual([
      'request_planning',
      'list_requests',
      'add_tasks_to_request',
    ]);
    // taskId: tools named after tasks that take no taskId; requestId: those named after requests.
    expect(likelyProducers(tools, named('mark_task_done'))).toEqual([
      'request_planning',
      'get_next_task',
      'list_requests',
      'add_tasks_to_request',
    ]);
  });

  it('nothing more for a target that refers to nothing by id', () => {
    expect(likelyProducers(tools, named('request_planning'))).toEqual(['add_tasks_to_request']);
  });

  it('reads the verb after a namespace every tool shares, and only then', () => {
    const git = [
      tool('git_set_working_dir', ['path'], { readOnlyHint: false, destructiveHint: true }),
      tool('git_log', ['path'], { readOnlyHint: true }),
      tool('git_reset', ['mode'], { readOnlyHint: false, destructiveHint: true }),
    ];
    expect(likelyProducers(git)).toEqual(['git_set_working_dir']);
    // A shared first word that is itself the verb still says so (`create_` is no namespace).
    expect(likelyProducers([tool('create_list', []), tool('create_item', [])])).toEqual([
      'create_list',
      'create_item',
    ]);
    // Without a shared namespace, `git_` is no namespace: nothing says it creates.
    expect(likelyProducers([...git, tool('status', [], { readOnlyHint: true })])).toEqual([]);
  });
});
