import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnswerRecord } from '../../../../src/engine/policy/answerEvidence.js';
import {
  MAX_ANSWER_RECORDS,
  unproven,
  unprovenAnswers,
} from '../../../../src/engine/policy/answerEvidence.js';
import { answerTemplate, sameShape } from '../../../../src/engine/policy/answerTemplate.js';

/** Records of one tool's quiet answers: each `[answer, args]`. */
function records(calls: ReadonlyArray<[string, Record<string, unknown>, boolean?]>): AnswerRecord[] {
  return calls.map(([text, args, showsState]) => ({
    template: answerTemplate(text, args),
    input: JSON.stringify(args),
    showsState: showsState ?? false,
    repeated: true,
  }));
}

describe('answerTemplate', () => {
  it('masks what the arguments put into an answer, in any language and position', () => {
    const a = answerTemplate('任务「alpha-task」不存在，请检查参数格式', { id: 'alpha-task' });
    const b = answerTemplate('任务「zeta」不存在，请检查参数格式', { id: 'zeta' });
    expect(a).toBe(b);
    expect(answerTemplate('Fehler: Datei {fs}/notes/b.txt fehlt', { path: '{fs}/notes/b.txt' })).toBe(
      answerTemplate('Fehler: Datei {fs}/x/y.txt fehlt', { path: '{fs}/x/y.txt' }),
    );
  });

  it('masks numbers, positions and generated ids that differ between calls', () => {
    expect(answerTemplate('{"code": 400, "msg": "请求 req-81f2 无效"}', {})).toBe(
      answerTemplate('{"code": 400, "msg": "请求 req-03aa9 无效"}', {}),
    );
  });

  it('keeps what differs when the answer is read from different state', () => {
    const a = answerTemplate('Einkaufen: Milch, Brot, Käse', { list: 'L1' });
    const b = answerTemplate('Urlaub: Koffer packen, Pass holen', { list: 'L2' });
    expect(sameShape(a, b)).toBe(false);
  });

  it('is bounded whatever the answer', () => {
    expect(answerTemplate('x'.repeat(1_000_000), { a: 'y'.repeat(10_000) }).length).toBeLessThanOrEqual(400);
  });
});

describe('unproven', () => {
  it('takes answers of one failure template across different arguments for failures, in any language', () => {
    const templates: Array<(value: string) => string> = [
      (v) => `Fehler: Aufgabe ${v} konnte nicht aufgeteilt werden`,
      (v) => `エラー：タスク「${v}」の形式が正しくありません`,
      (v) => `參數格式錯誤：${v}`,
      (v) => `Erreur : la tâche « ${v} » est introuvable`,
      (v) => `Ошибка: неверный идентификатор ${v}`,
      (v) => `❌ ${v} rejected`,
      (v) => JSON.stringify({ code: 400, msg: `bad value ${v}` }),
      () => 'E1042',
    ];
    for (const template of templates) {
      const quiet = records(['t-1', 'other', 'Q9zz', 'k'].map((v) => [template(v), { id: v }]));
      expect(unprovenAnswers(quiet, []).count, template('·')).toBe(4);
    }
  });

  it('keeps answers that vary with what they read, or show the state', () => {
    const reads = records([
      ['Milch, Brot', { id: 'l1' }],
      ['Koffer packen, Pass holen, Taxi rufen', { id: 'l2' }],
      ['{"title":"Quarterly report","owner":"ana"}', { id: 'd7' }],
    ]);
    expect(unprovenAnswers(reads, []).count).toBe(0);
    // One shape whatever the argument, but naming what the sandbox held (a listing filtered by nothing).
    const listing = records([
      ['a.md, b.md', { filter: 'x' }, true],
      ['a.md, b.md', { filter: 'y' }, true],
    ]);
    expect(unprovenAnswers(listing, []).count).toBe(0);
  });

  it('takes an answer in the shape of a plainly failed call for a failure, even one of a kind', () => {
    const quiet = records([['Fehler: Aufgabe zz fehlt', { id: 'zz' }, true]]);
    const failed = [answerTemplate('Fehler: Aufgabe abc fehlt', { id: 'abc' })];
    expect(unproven(quiet, 0, failed)).toBe('like-failure');
    expect(unproven(quiet, 0, [])).toBeUndefined();
  });

  it('compares commands with equal arguments by the state they met', () => {
    const same = (state: string): AnswerRecord => ({
      template: answerTemplate('Fehler: nicht konfiguriert', {}),
      input: `{}\n${state}`,
      showsState: false,
      repeated: false,
    });
    // One answer whatever the state: it did not read it.
    expect(unprovenAnswers([same('s1'), same('s2')], []).count).toBe(2);
    // One state, one answer: nothing says it failed (a count of what is there answers so too).
    expect(unprovenAnswers([same('s1'), same('s1')], []).count).toBe(0);
  });

  it('never proves a failure template, whatever its words and the values echoed (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 8, maxLength: 60 }).filter((t) => /\S{4}/.test(t)),
        fc.uniqueArray(fc.stringMatching(/^[a-z]{3,12}$/), { minLength: 2, maxLength: 6 }),
        (words, values) => {
          fc.pre(values.every((v) => !words.includes(v)));
          const quiet = records(values.map((v) => [`${words}「${v}」`, { name: v }]));
          return unprovenAnswers(quiet, []).count === values.length;
        },
      ),
    );
  });
});

describe('unprovenAnswers at the bound', () => {
  it('weighs the most answers a tool keeps quickly, and counts those past the bound as unproven', () => {
    const many: AnswerRecord[] = Array.from({ length: MAX_ANSWER_RECORDS + 3 }, (_, i) => ({
      template: `${'lorem ipsum '.repeat(30)}${String.fromCharCode(0x4e00 + i)}${'x'.repeat(i % 17)}`,
      input: `{"i":${i}}`,
      showsState: i % 2 === 0,
      repeated: true,
    }));
    const started = performance.now();
    const weighed = unprovenAnswers(many, ['Fehler: ·']);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(weighed.count).toBeGreaterThanOrEqual(3);
    expect(unproven(many, MAX_ANSWER_RECORDS, [])).toBe('invariant');
  });
});
