import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '../../../../src/model/callOutcome.js';
import type { ToolInfo } from '../../../../src/mcp/index.js';
import { toolsNamedInFailure } from '../../../../src/engine/search/namedInFailure.js';
import type { RunResult } from '../../../../src/engine/run/runTypes.js';

const tools: ToolInfo[] = ['git_log', 'git_log_all', 'git_set_working_dir', 'git_status'].map((name) => ({
  name,
  inputSchema: { type: 'object' },
  annotations: undefined,
}));

const ran = (outcome: CallOutcome): RunResult => ({
  steps: [],
  observation: { tool: 'git_log', args: {}, call1: { outcome, changes: [] }, excluded: [] },
  existing: new Set(),
});

describe('toolsNamedInFailure: the tools a failed command says to call first', () => {
  it('names the tool a server asks for, whole names only, never the tool itself', () => {
    const text =
      "Error: No session working directory set. Please specify a 'path' or use git_set_working_dir. " +
      'git_log failed; see git_status_v2 or xgit_status.';
    expect(toolsNamedInFailure(ran({ status: 'returned', isError: true, text }), tools, 'git_log')).toEqual([
      'git_set_working_dir',
    ]);
  });

  it('reads rejections too, and nothing from a call that succeeded', () => {
    const message = 'MCP error -32603: call git_status first';
    expect(toolsNamedInFailure(ran({ status: 'rejected', message }), tools, 'git_log')).toEqual([
      'git_status',
    ]);
    const listing = { status: 'returned' as const, isError: false, text: 'tools: git_status, git_log_all' };
    expect(toolsNamedInFailure(ran(listing), tools, 'git_log')).toEqual([]);
  });
});
