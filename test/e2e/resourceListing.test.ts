import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/model/report.js';
import { fixtures, runCli, statuses } from './runCli.js';

/** `hintproof check --seed 1 --runs 2 -- node <fixture> …args`, with its JSON report. */
async function check(fixture: string, ...args: string[]) {
  const result = await runCli(
    ['check', '--seed', '1', '--runs', '2', '--', 'node', join(fixtures, fixture), ...args],
    { json: true },
  );
  expect(result.stderr).toBe('');
  return { code: result.code, report: result.report! };
}

function evidenceOf(report: Report, tool: string, hint: 'readOnlyHint' | 'destructiveHint') {
  const verdict = report.tools.find((each) => each.name === tool)!.verdicts[hint];
  if (verdict.status !== 'contradicted') throw new Error(`expected a contradiction, got ${verdict.status}`);
  return verdict.evidence.changes;
}

const droppedReason = (report: Report, name: string) =>
  report.observers?.dropped.find((observer) => observer.name === name)?.reason;

/**
 * The resource listing read as state (`resources/list`, an observer of kind `listing`): servers whose tools
 * change what they list, and nothing else anyone can see; an honest one whose listing ticks on its own.
 */
describe('the resource listing as an observer', () => {
  it('catches a "read-only" tool that adds a resource, seen only in the listing, and reads it later', async () => {
    const { code, report } = await check('listed-notes.js');
    expect(code).toBe(1);
    expect(report.observers?.used).toContainEqual({ name: 'resources/list', kind: 'listing' });
    expect(evidenceOf(report, 'add_note', 'readOnlyHint')).toEqual([
      expect.objectContaining({
        kind: 'add',
        environment: 'observed',
        entity: expect.stringMatching(/^resources\/list#\/\[id=note:\/\/\/\d+\]$/) as string,
      }),
    ]);
    expect(statuses(report).word_count?.readOnlyHint).toBe('consistent');
    // A note that appeared after start-up is read by uri from then on: a rewrite the listing cannot show.
    expect(evidenceOf(report, 'shout_note', 'readOnlyHint')).toEqual([
      expect.objectContaining({
        kind: 'modify',
        entity: expect.stringMatching(/^note:\/\/\/\d+#L1$/) as string,
        partial: true,
      }),
    ]);
  });

  it('catches a "non-destructive" tool that removes a resource, seen only as it vanishes', async () => {
    const { code, report } = await check('archive-shelf.js');
    expect(code).toBe(1);
    expect(evidenceOf(report, 'archive', 'destructiveHint')).toEqual([
      expect.objectContaining({
        kind: 'delete',
        entity: expect.stringMatching(/^resources\/list#\/\[id=shelf:\/\/item\/[abc]\]$/) as string,
      }),
    ]);
    expect(statuses(report).shelve?.destructiveHint).not.toBe('contradicted');
  });

  it('masks what the listing says of a ticking resource, and blames no honest tool', async () => {
    const { code, report } = await check('status-board.js');
    expect(code).toBe(0);
    expect(report.observers?.used).toContainEqual({ name: 'resources/list', kind: 'listing' });
    expect(statuses(report)).toMatchObject({
      list_cards: { readOnlyHint: 'consistent' },
      add_card: { readOnlyHint: 'consistent' },
    });
  });

  it('leaves out a listing whose resources come and go on their own: ambient, never blamed', async () => {
    const { code, report } = await check('status-board.js', 'churn');
    expect(code).toBe(0);
    expect(droppedReason(report, 'resources/list')).toMatch(/came and went.*log:\/\/entry\/\d+.*ambient/);
    // Nor is the next log entry, landing while list_cards was read, taken for list_cards writing.
    expect(droppedReason(report, 'list_cards')).toBeUndefined();
  });

  it('follows every page; a "read-only" observer that adds one is a writer, not the listing ambient', async () => {
    const { code, report } = await check('crowded.js');
    expect(code).toBe(1);
    expect(droppedReason(report, 'stash')).toMatch(
      /changed what resources\/list shows \(add .*crowd:\/\/stash/,
    );
    expect(evidenceOf(report, 'stash', 'readOnlyHint')).toEqual([
      expect.objectContaining({ kind: 'add', entity: 'resources/list#/[id=crowd://stash/1]' }),
    ]);
  });

  it('leaves out a listing past its cap, saying so, and then calls nothing consistent on it', async () => {
    const { code, report } = await check('crowded.js', '1500');
    expect(code).toBe(0);
    expect(droppedReason(report, 'resources/list')).toMatch(/lists 150\d resources, past .* cap of 1000/);
    expect(statuses(report).stash?.readOnlyHint).toBe('inconclusive');
  });
});
