import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idsInProse, PROSE_LIMITS } from '../../../src/generate/idsInProse.js';

const values = (text: string) => idsInProse(text).map((token) => token.value);
const first = (text: string) => idsInProse(text)[0];

describe('id-like tokens in prose', () => {
  it('finds ids however a sentence or a Markdown list shows them', () => {
    expect(values('created t-7q2w')).toEqual(['t-7q2w']);
    expect(values('- [ ] #12 buy milk\n- [x] #13 call mom')).toEqual(['12', '13']);
    expect(values('Task **abc123** saved.')).toEqual(['abc123']);
    expect(values('id=7f3e9a01; ok')).toEqual(['7f3e9a01']);
    expect(values('Saved as usr_01HXYZ9Q, next to 2 others')).toEqual(['usr_01HXYZ9Q', '2']);
    expect(first('Linked 0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d (see #7)')?.value).toBe(
      '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    );
  });

  it('works whatever language surrounds the token', () => {
    expect(values('Erstellt: Aufgabe k9x2 (Einkaufen)')).toEqual(['k9x2']);
    expect(values('已创建 任务 #41')).toEqual(['41']);
    expect(values('已创建任务41号')).toEqual(['41']);
    expect(values('タスク「a1b2」を作成しました')).toEqual(['a1b2']);
    expect(values('Создана задача № 57')).toEqual(['57']);
    expect(values('تم إنشاء المهمة رقم q7w8')).toEqual(['q7w8']);
    expect(values('Tâche « m3n4 » créée')).toEqual(['m3n4']);
    expect(values('Создана задача57')).toEqual(['57']);
  });

  it('names a token by its label, else by the word before it', () => {
    expect(first('taskId: x9')).toMatchObject({ value: 'x9', names: ['taskid'] });
    expect(first('ID 7f3e')).toMatchObject({ value: '7f3e', names: ['id'] });
    expect(first('Task **abc123** saved')).toMatchObject({ names: ['taskid'] });
    expect(first('任务 #41')).toMatchObject({ names: ['任务id'] });
    expect(first('done, r2d2')).toMatchObject({ names: [] });
  });

  it('ranks id shapes above numbers, and does not offer ordinary words, dates, times, versions or units', () => {
    expect(values('3 tasks, see task q1w2e3 or #4')).toEqual(['4', 'q1w2e3', '3']);
    expect(values('No tasks found. The id of the task is unknown.')).toEqual([]);
    expect(values('at 2026-12-07T10:00:00Z in 10ms, version 1.2.3, the 3rd time, 5GB free at 10:30')).toEqual(
      [],
    );
  });

  it('offers a quoted or emphasised word as a name, never a lone letter', () => {
    expect(idsInProse('Saved note "groceries" [x]')).toEqual([
      { kind: 'name', value: 'groceries', names: ['noteid'], score: 35 },
    ]);
    expect(values('Liste «Einkäufe» angelegt')).toEqual(['Einkäufe']);
  });

  it('stays bounded on hostile text: 10 MB, a million tokens, nested brackets', () => {
    const big = `${'x'.repeat(10 * 1024 * 1024)} a1b2`;
    let started = performance.now();
    expect(values(big)).toEqual([]);
    const million = Array.from({ length: 1_000_000 }, (_, index) => `t${index}z`).join(' ');
    const tokens = idsInProse(million);
    expect(tokens).toHaveLength(PROSE_LIMITS.tokens);
    expect(tokens[0]?.value).toBe('t0z');
    const nested = `${'[('.repeat(200_000)}k9x2${')]'.repeat(200_000)}`;
    expect(values(nested)).toEqual([]);
    expect(values(`${'[('.repeat(1000)}k9x2${')]'.repeat(1000)}`)).toEqual(['k9x2']);
    const dashes = `${'-'.repeat(5_000_000)}a`;
    expect(values(dashes)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(3000);
    started = performance.now();
    expect(values(`${'é'.repeat(3_000_000)}`)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('never offers more than the cap, never repeats, and never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const tokens = idsInProse(text);
        expect(tokens.length).toBeLessThanOrEqual(PROSE_LIMITS.tokens);
        expect(new Set(tokens.map((token) => token.value)).size).toBe(tokens.length);
        for (const token of tokens) expect(text).toContain(token.value);
      }),
    );
  });
});
