import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtures, repoRoot, runCli } from './runCli.js';

/** The fixture's tools that write when their arguments are valid and answer a bad one without isError. */
const WRITERS = [
  'teile_notiz',
  'tag_note',
  'rename_note',
  'archive_note',
  'stamp_note',
  'merge_notes',
  'color_note',
];

describe('tools that fail in their own words without isError (issue 33)', () => {
  it('suggests no reader from calls that failed in any language, and still suggests honest readers', async () => {
    const server = ['node', join(fixtures, 'polyglot-failures.js')];
    const notes = join(repoRoot, 'scenarios/notes/seed');
    const result = await runCli(['check', '--runs', '12', '--seed', '1', '--fs', notes, '--', ...server], {
      json: true,
      timeoutMs: 120_000,
    });
    expect(result.code).toBe(0);
    const tool = (name: string) => result.report!.tools.find((each) => each.name === name)!;
    for (const name of WRITERS) {
      const writer = tool(name);
      // Their calls named existing notes: without this, the failures would not have looked like reads.
      expect(writer.calls.metExisting, name).toBeGreaterThanOrEqual(5);
      expect(writer.suggested.readOnlyHint, name).toBe(false);
    }
    // The report says why, quoting the failure's shape with the arguments masked.
    expect(tool('teile_notiz').calls.unexercised).toEqual([
      expect.stringContaining('"Fehler: Die Teile für „·“ sind kein gültiges JSON-Array."'),
    ]);
    expect(result.stdout).toMatch(
      /◌ stamp_note: answers never showed the state met: .*no tighter hint suggested/,
    );
    for (const name of ['read_note', 'list_notes']) {
      expect(tool(name).suggested, name).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      expect(tool(name).calls.unexercised, name).toBeUndefined();
    }
  });
});

describe('a tool that met what it shows but never what it acts on (issue 33)', () => {
  const seed = mkdtempSync(join(tmpdir(), 'hintproof-drafts-'));
  afterAll(() => rmSync(seed, { recursive: true, force: true }));

  it('is suggested nothing tighter, and the report names the state never met', async () => {
    mkdirSync(join(seed, 'notes'));
    mkdirSync(join(seed, 'drafts'));
    const notes: Record<string, string> = {
      'plan.md': '# Plan\n- ship',
      'ideas.md': '# Ideas\n- a kite',
      'log.md': 'rain',
    };
    for (const [name, text] of Object.entries(notes)) writeFileSync(join(seed, 'notes', name), text);
    const server = ['node', join(fixtures, 'drafts.js')];
    const result = await runCli(['check', '--runs', '12', '--seed', '2', '--fs', seed, '--', ...server], {
      json: true,
      timeoutMs: 120_000,
    });
    expect(result.code).toBe(0);
    const tool = (name: string) => result.report!.tools.find((each) => each.name === name)!;
    const compact = tool('compact_drafts');
    expect(compact.calls.metExisting).toBeGreaterThanOrEqual(5);
    expect(compact.suggested).toEqual(compact.effective);
    expect(compact.calls.unexercised).toEqual([
      expect.stringMatching(/^never met: drafts \(named by the tool/),
    ]);
    expect(tool('read_note').suggested.readOnlyHint).toBe(true);
  });
});
