import { describe, expect, it } from 'vitest';
import { HINT_NAMES } from '../../../src/model/hints.js';
import { withImpact } from '../../../src/hints/severity.js';
import { createJsonReporter } from '../../../src/report/createJsonReporter.js';
import type { Report } from '../../../src/model/report.js';
import { eventsFor, report } from './fixtures.js';
import { render } from './render.js';

const json = (target: Report = report): string =>
  render((write) => createJsonReporter({ write }), eventsFor(target));

/** The same value with the keys of every plain object reversed (arrays keep their order). */
function scrambled<T>(value: T): T {
  if (Array.isArray(value)) return value.map(scrambled) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, scrambled(inner)]),
  ) as T;
}

describe('createJsonReporter', () => {
  it('writes nothing before the end event, then the report once, ending with a newline', () => {
    const chunks: string[] = [];
    const reporter = createJsonReporter({ write: (text) => chunks.push(text) });
    const events = eventsFor();
    for (const event of events.slice(0, -1)) reporter(event);
    expect(chunks).toEqual([]);
    reporter(events[events.length - 1]!);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatch(/\n$/);
    expect(chunks[0]).toBe(`${JSON.stringify(JSON.parse(chunks[0]!), null, 2)}\n`);
  });

  it('parses back deep-equal to the report', () => {
    expect(JSON.parse(json())).toStrictEqual(JSON.parse(JSON.stringify(report)));
  });

  it('orders keys as design.md does, whatever order the engine built them in', () => {
    const parsed = JSON.parse(json(scrambled(report))) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['hintproof', 'server', 'settings', 'command', 'ambient', 'tools']);
    expect(Object.keys(parsed.server as object)).toEqual(['name', 'version']);
    expect(Object.keys(parsed.settings as object)).toEqual([
      'runs',
      'seed',
      'timeoutSeconds',
      'maxCommands',
      'ignore',
    ]);
    expect(Object.keys((parsed.ambient as object[])[0]!)).toEqual([
      'kind',
      'environment',
      'entity',
      'detail',
    ]);
    for (const tool of parsed.tools as Array<Record<string, Record<string, Record<string, unknown>>>>) {
      const keys = ['name', 'declared', 'effective', 'calls', 'verdicts', 'suggested'];
      // The contract's fields first, in order; extra fields (suggestedBasis, sampleError, …) only after them.
      expect(Object.keys(tool).slice(0, keys.length)).toEqual(keys);
      expect(Object.keys(tool.verdicts!)).toEqual(HINT_NAMES);
      expect(Object.keys(tool.effective!)).toEqual(HINT_NAMES);
      expect(Object.keys(tool.suggested!)).toEqual(HINT_NAMES);
      // total and errors first; the coverage fields (invalidArguments, pooledShare…) after them when present.
      expect(Object.keys(tool.calls!).slice(0, 2)).toEqual(['total', 'errors']);
      expect(Object.keys(tool.calls!).slice(2)).toEqual(
        ['invalidArguments', 'pooledShare', 'commands', 'metExisting', 'afterPreamble'].filter(
          (key) => key in tool.calls!,
        ),
      );
      for (const verdict of Object.values(tool.verdicts!)) {
        expect(Object.keys(verdict)[0]).toBe('status');
        if (verdict.status !== 'contradicted') continue;
        expect(Object.keys(verdict.evidence as object)).toEqual([
          'args',
          'call',
          'changes',
          'seed',
          'path',
          'replay',
          'title',
          'outcomes',
          'shrinks',
          // optional fields after the contract's, in this order
          ...['egress', 'preamble', 'producers', 'impact'].filter(
            (key) => key in (verdict.evidence as object),
          ),
        ]);
      }
    }
    expect(json(scrambled(report))).toBe(json(report));
  });

  it("writes each contradiction's impact as the engine set it: severity, score, reason, clients", () => {
    const judged = {
      ...report,
      tools: report.tools.map((tool) => ({ ...tool, verdicts: withImpact(tool, tool.verdicts) })),
    };
    const parsed = JSON.parse(json(scrambled(judged))) as Report;
    const readNote = parsed.tools.find((tool) => tool.name === 'read_note')!.verdicts.readOnlyHint;
    if (readNote.status !== 'contradicted') throw new Error('read_note readOnlyHint should be contradicted');
    const impact = readNote.evidence.impact!;
    expect(Object.keys(impact)).toEqual(['severity', 'score', 'reason', 'clients']);
    expect(impact).toMatchObject({ severity: 'critical', score: 9.1 });
    expect(impact.clients).toContainEqual({
      client: 'Qwen Code',
      mode: 'every approval mode, plan mode included',
      effect: 'runs it without confirmation, in plan mode too',
      source: 'https://github.com/QwenLM/qwen-code/pull/1837',
    });
    expect(Object.keys(impact.clients[0]!)).toEqual(['client', 'mode', 'effect', 'source']);
  });

  it('keeps fields it does not know, after the known ones', () => {
    const extended = {
      ...report,
      isolation: 'none',
      tools: [{ ...report.tools[0]!, skipped: 3 }],
    } as unknown as Report;
    const parsed = JSON.parse(json(extended)) as Record<string, unknown>;
    expect(Object.keys(parsed).at(-1)).toBe('isolation');
    expect(Object.keys((parsed.tools as object[])[0]!).at(-1)).toBe('skipped');
  });

  it('pins the JSON of the fixture report', async () => {
    await expect(json()).toMatchFileSnapshot('__snapshots__/report.json');
  });
});
