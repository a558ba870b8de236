import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Evidence, Report } from '../../src/model/report.js';
import { fixtures, runCli, statuses } from './runCli.js';

const server = join(fixtures, 'task-planner.js');
const args = ['check', '--seed', '2', '--runs', '10', '--', 'node', server, '{fs}'];

function contradiction(report: Report, tool: string, hint: 'destructiveHint'): Evidence {
  const verdict = report.tools.find((candidate) => candidate.name === tool)?.verdicts[hint];
  if (verdict?.status !== 'contradicted') throw new Error(`expected ${tool}.${hint} contradicted`);
  return verdict.evidence;
}

/**
 * A server in the shape of a published task manager: `request_planning` answers `{"requestId":"req-1",
 * "tasks":[{"id":"task-1"}…]}`, every id looks alike, and `delete_task` (which lies: destructiveHint: false)
 * does anything only with the requestId that planning answered and the id of one of its tasks. A live choice
 * by kind alone sends a task id (or a trace id) as the request id and gets "Request not found" every time;
 * taking the value seen under the property's own name (`requestId` ← `requestId`, `taskId` ← an `id` in
 * `tasks`) reaches the delete.
 */
describe('preambles follow data flow: ids filled from the answer key they came under', () => {
  it('contradicts delete_task.destructiveHint with ids request_planning answered, and replays it', async () => {
    const result = await runCli(args, { json: true });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const report = result.report!;
    expect(statuses(report)).toMatchObject({
      request_planning: { destructiveHint: 'consistent' },
      get_next_task: { readOnlyHint: 'consistent' },
      delete_task: { destructiveHint: 'contradicted' },
    });
    const evidence = contradiction(report, 'delete_task', 'destructiveHint');
    const planning = evidence.preamble?.find((step) => step.tool === 'request_planning');
    expect(planning).toBeDefined();
    expect(evidence.args).toEqual({
      requestId: expect.stringMatching(/^req-\d+$/) as string,
      taskId: expect.stringMatching(/^task-\d+$/) as string,
    });
    const { requestId, taskId } = evidence.args as { requestId: string; taskId: string };
    expect(evidence.changes.map(({ kind, entity }) => `${kind} ${entity}`)).toEqual([
      `delete tasks.json#/requests/[requestId=${requestId}]/tasks/[id=${taskId}]`,
    ]);
    // get_next_task succeeded too: with the request ids planning answered, never a task id.
    const next = report.tools.find((tool) => tool.name === 'get_next_task')!;
    expect(next.calls.total - next.calls.errors).toBeGreaterThan(0);

    const replay = await runCli(evidence.replay.split(' ').slice(1), { json: true });
    expect(replay.code).toBe(1);
    const again = contradiction(replay.report!, 'delete_task', 'destructiveHint');
    const calls = (steps: Evidence['preamble']) =>
      steps?.map(({ tool, args: made, outcome }) => ({ tool, args: made, outcome }));
    expect(calls(again.preamble)).toEqual(calls(evidence.preamble));
    expect(again.args).toEqual(evidence.args);
  });
});
