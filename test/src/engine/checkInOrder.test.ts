import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../src/model/events.js';
import { checkInOrder } from '../../../src/engine/checkInOrder.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A tool-start event standing for "item `name` said `step`". */
const said = (name: string, step: number): EngineEvent => ({
  type: 'tool-start',
  tool: `${name}.${step}`,
  budget: 0,
});

async function run(jobs: number, delays: readonly number[]) {
  const seen: string[] = [];
  let running = 0;
  let most = 0;
  const results = await checkInOrder(
    delays.map((delay, index) => ({ name: `t${index}`, delay })),
    jobs,
    async (item, emit) => {
      most = Math.max(most, ++running);
      emit(said(item.name, 1));
      await pause(item.delay);
      emit(said(item.name, 2));
      running--;
      return item.name;
    },
    (event) => seen.push(event.type === 'tool-start' ? event.tool : event.type),
  );
  return { seen, results, most };
}

describe('checkInOrder', () => {
  it('gives results and events in input order whatever the number of jobs and the finishing order', async () => {
    const delays = [30, 5, 20, 1];
    const one = await run(1, delays);
    const three = await run(3, delays);
    const expected = ['t0.1', 't0.2', 't1.1', 't1.2', 't2.1', 't2.2', 't3.1', 't3.2'];
    expect(one.seen).toEqual(expected);
    expect(three.seen).toEqual(expected);
    expect(three.results).toEqual(['t0', 't1', 't2', 't3']);
    expect(one.most).toBe(1);
    expect(three.most).toBe(3);
  });

  it('starts nothing after a failure and throws the first one once the running ones settle', async () => {
    const started: number[] = [];
    const failing = checkInOrder(
      [0, 1, 2, 3],
      2,
      async (index) => {
        started.push(index);
        await pause(index === 0 ? 5 : 20);
        if (index === 0) throw new Error('first failed');
        return index;
      },
      () => {},
    );
    await expect(failing).rejects.toThrow('first failed');
    expect(started).toEqual([0, 1]);
  });

  it('says, each time it drops, how many sessions are worth keeping prepared', async () => {
    const told: number[] = [];
    let started = 0;
    let finished = 0;
    const atTelling: Array<{ left: number; running: number }> = [];
    const items = [30, 5, 20, 1];
    await checkInOrder(
      items,
      3,
      async (delay) => {
        started++;
        await pause(delay);
        finished++;
      },
      () => {},
      (count) => {
        told.push(count);
        atTelling.push({ left: items.length - started, running: started - finished });
      },
    );
    // Three workers: two then one once the last items start (one per item left, one for the running ones),
    // none at the end.
    expect(told).toEqual([2, 1, 0]);
    for (const [index, count] of told.entries()) {
      const at = atTelling[index] ?? { left: 0, running: 0 };
      expect(count).toBeLessThanOrEqual(at.left + 1);
    }
  });
});
