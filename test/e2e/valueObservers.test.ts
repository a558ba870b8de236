import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLIND_REASON } from '../../src/engine/policy/blindness.js';
import { fixtures, runCli, statuses } from './runCli.js';

/**
 * A server whose notes live in process memory and can be read only one at a time, by id (no list tool, no
 * resource): the only view of its state is `get_note` filled with an id `create_note` returned, a value
 * observer. Through it the lie of `archive_note` (destructiveHint: false, deletes) shows; nothing else does,
 * so the check stays blind: no claim is called consistent, and no tighter hint is suggested.
 */
describe('value observers: a read-only tool filled with an id from the run', () => {
  it('catch a delete through get_note {"id":…}, and leave every other state claim inconclusive', async () => {
    const result = await runCli(
      ['check', '--seed', '2', '--runs', '8', '--', 'node', join(fixtures, 'notes-by-id.js')],
      { json: true },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const report = result.report!;
    expect(statuses(report)).toMatchObject({
      create_note: { readOnlyHint: 'inconclusive', idempotentHint: 'inconclusive' },
      get_note: { readOnlyHint: 'inconclusive' },
      archive_note: { destructiveHint: 'contradicted', idempotentHint: 'inconclusive' },
    });
    const verdict = report.tools.find((tool) => tool.name === 'archive_note')!.verdicts.destructiveHint;
    if (verdict.status !== 'contradicted') throw new Error(`expected a contradiction, got ${verdict.status}`);
    expect(verdict.evidence.changes).toEqual([
      {
        kind: 'delete',
        environment: 'observed',
        entity: expect.stringMatching(/^get_note \{"id":"n\d+"\}$/) as string,
        detail: expect.stringMatching(/^now answers isError: no note "n\d+"$/) as string,
        partial: true,
      },
    ]);
    // Seen only through reads by id: still blind, and nothing tighter than declared is suggested.
    expect(report.blind).toBe(BLIND_REASON);
    const create = report.tools.find((tool) => tool.name === 'create_note')!;
    expect(create.suggested.readOnlyHint).toBe(false);
  });

  it('are off with --max-observers 0: the lie goes unseen, and the check says it is blind', async () => {
    const result = await runCli(
      [
        'check',
        '--seed',
        '2',
        '--runs',
        '8',
        '--max-observers',
        '0',
        '--',
        'node',
        join(fixtures, 'notes-by-id.js'),
      ],
      { json: true },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.report!.observers).toBeUndefined();
    expect(result.report!.blind).toBe(BLIND_REASON);
    expect(statuses(result.report!).archive_note?.destructiveHint).toBe('inconclusive');
  });
});
