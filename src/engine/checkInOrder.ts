import { availableParallelism } from 'node:os';
import type { EngineEvent, EventSink } from '../model/events.js';

/** Tools checked at once by default: one per CPU, at most this many (each holds up to two server processes). */
export const MAX_DEFAULT_JOBS = 4;

export function defaultJobs(): number {
  return Math.max(1, Math.min(MAX_DEFAULT_JOBS, availableParallelism()));
}

/**
 * Checks items `jobs` at a time and returns their results in input order. Each item's events reach `emit`
 * in input order too: the earliest unfinished item's live, the others' held until every item before them
 * has finished, so reporters see one tool after another whatever `jobs` is. After a failure no new item
 * starts; the first failure is thrown once the running ones have settled. `onDemand` hears, each time it
 * drops, how many sessions are worth keeping prepared: one per item not started yet and one more for the
 * running items' later needs (a confirmation, a shrink), never more than the workers still running. The last
 * items' search sessions are taken as they start, so a spare each beside them would be started for nothing.
 */
export async function checkInOrder<T, R>(
  items: readonly T[],
  jobs: number,
  check: (item: T, emit: EventSink) => Promise<R>,
  emit: EventSink,
  onDemand?: (count: number) => void,
): Promise<R[]> {
  const held: EngineEvent[][] = items.map(() => []);
  const done: boolean[] = items.map(() => false);
  const results: R[] = [];
  let head = 0;
  let next = 0;
  let failure: { error: unknown } | undefined;
  const flush = () => {
    while (head < items.length) {
      for (const event of held[head] ?? []) emit(event);
      held[head] = [];
      if (!done[head]) return;
      head++;
    }
  };
  const workers = Math.max(1, Math.min(jobs, items.length));
  let running = workers;
  let told = workers;
  const tell = () => {
    const demand = Math.min(running, items.length - next + 1);
    if (demand < told) onDemand?.((told = demand));
  };
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const index = next++;
      tell();
      const item = items[index] as T;
      try {
        results[index] = await check(item, (event) => {
          if (index === head) emit(event);
          else held[index]?.push(event);
        });
      } catch (error) {
        failure ??= { error };
      }
      done[index] = true;
      flush();
    }
    running--;
    tell();
  };
  await Promise.all(Array.from({ length: workers }, worker));
  if (failure !== undefined) throw failure.error;
  return results;
}
