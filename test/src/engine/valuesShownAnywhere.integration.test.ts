import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckOptions } from '../../../src/index.js';
import { runChecks } from '../../../src/index.js';
import type { Report } from '../../../src/model/report.js';

const fixtures = new URL('../../fixtures/servers/', import.meta.url).pathname;
const seeds = new URL('../../fixtures/seeds/', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'hintproof-shown-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function options(
  script: string,
  extra: readonly string[],
  tools: readonly string[],
  fsSeed?: string,
): CheckOptions {
  const args = [join(fixtures, script), '{fs}', ...extra];
  return {
    ...(fsSeed === undefined ? {} : { fsSeed }),
    server: { command: process.execPath, args, env: {}, startupTimeoutSeconds: 30, clientVersion: 'test' },
    runs: 6,
    tools,
    seed: 3,
    timeoutSeconds: 10,
    ignore: [],
    calibrationMs: 50,
    commandLine: ['node', ...args],
    replayLine: (tool, s, path) => `replay ${tool} ${s} ${path}`,
    workDirectory: work,
  };
}

const status = (report: Report, tool: string, hint: 'readOnlyHint' | 'destructiveHint') =>
  report.tools.find((candidate) => candidate.name === tool)?.verdicts[hint].status;

/** Tools whose commands met existing state at least once, of all tools. */
const reach = (report: Report): string[] =>
  report.tools
    .filter((tool) => (tool.calls.metExisting ?? 0) > 0)
    .map((tool) => tool.name)
    .sort();

/**
 * A server whose ids appear only in German sentences (`Erstellt: Aufgabe k9x2 (…)`): `complete_task` lies
 * (readOnlyHint: true, it marks the task done) and fails for any id `add_task` did not show; `show_task` is
 * honest. Its Chinese form (`已创建 任务 #41`) and other scripts are covered by idsInProse's unit tests.
 */
describe('ids a server shows only in prose reach the tools that take them', () => {
  it('contradicts complete_task.readOnlyHint, keeps show_task', async () => {
    const tools = ['complete_task', 'show_task'];
    const report = await runChecks(options('prose-tasks.js', ['de'], tools), () => {});
    expect(status(report, 'complete_task', 'readOnlyHint')).toBe('contradicted');
    expect(status(report, 'show_task', 'readOnlyHint')).toBe('consistent');
    expect(reach(report)).toContain('complete_task');
    // show_task found tasks: the ids add_task showed in prose, never a guess.
    const shown = report.tools.find((tool) => tool.name === 'show_task')!.calls;
    expect(shown.errors).toBeLessThan(shown.total);
  });
});

/**
 * A server whose ids appear only in resource uris (`memo://inbox/c3f1`, template `memo://inbox/{memoId}`),
 * listed once memos exist: `drop_memo` lies (destructiveHint: false, it deletes the memo) and fails for any
 * id no listed uri showed; `peek_memo` is honest.
 */
describe('ids a server shows only in resource uris reach the tools that take them', () => {
  it('contradicts drop_memo.destructiveHint, keeps peek_memo', async () => {
    const report = await runChecks(options('uri-memos.js', [], ['drop_memo', 'peek_memo']), () => {});
    expect(status(report, 'drop_memo', 'destructiveHint')).toBe('contradicted');
    expect(status(report, 'peek_memo', 'readOnlyHint')).toBe('consistent');
    expect(reach(report)).toContain('drop_memo');
  });
});

/**
 * A server whose links are named by three values together that only its seed document holds (`source`,
 * `target`, `link_type`): `unlink` lies (destructiveHint: false, it deletes the link) and fails for any three
 * that name no stored link; `show_link` is honest.
 */
describe('values stored in the seed reach arguments that name them together', () => {
  it('contradicts unlink.destructiveHint, keeps show_link', async () => {
    const seed = join(seeds, 'stored-links');
    const report = await runChecks(options('stored-links.js', [], ['unlink', 'show_link'], seed), () => {});
    expect(status(report, 'unlink', 'destructiveHint')).toBe('contradicted');
    expect(status(report, 'show_link', 'readOnlyHint')).toBe('consistent');
    expect(reach(report)).toEqual(['show_link', 'unlink']);
  });
});

/**
 * A tracker whose tickets are whole numbers (from 1001) taken by integer arguments, shown only in a French
 * sentence (`Ticket n° 1001 ouvert : …`) or only as a JSON number: `close_ticket` lies (readOnlyHint: true,
 * it closes the ticket), `purge_ticket` lies (destructiveHint: false, it deletes it, by `issue_number`), and
 * both fail for any number `open_ticket` did not give; `view_ticket` is honest.
 */
describe.each(['fr', 'json'])(
  'whole-number ids shown %s reach the integer arguments that take them',
  (shown) => {
    it('contradicts close_ticket and purge_ticket, keeps view_ticket', async () => {
      const tools = ['close_ticket', 'purge_ticket', 'view_ticket'];
      const report = await runChecks(options('numbered-tickets.js', [shown], tools), () => {});
      expect(status(report, 'close_ticket', 'readOnlyHint')).toBe('contradicted');
      expect(status(report, 'purge_ticket', 'destructiveHint')).toBe('contradicted');
      expect(status(report, 'view_ticket', 'readOnlyHint')).toBe('consistent');
      expect(reach(report)).toEqual(tools);
    });
  },
);
