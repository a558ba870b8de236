import type { Pending } from './threadClock.js';

/** Fires of one timer that did nothing, with none that did something, before such timers stop being waited for. */
const EMPTY_TO_LEARN = 2;

/** On a thread that is not a process's main thread, fires of any of its timers that did nothing, before the same. */
const EMPTY_TO_LEARN_THREAD = 3;

/**
 * Two lengths of one timer, as a loop shows them (armed a little before it slept), agree within 5 ms or `share`
 * of the longer.
 */
export function sameLength(a: number, b: number, share = 0.03): boolean {
  return Math.abs(a - b) <= Math.max(5, share * Math.max(a, b));
}

interface Fires {
  empty: number;
  /** A fire of it was followed by something: never learned idle. */
  acted: boolean;
}

/**
 * What one session learned about the time-outs its server's threads wait for: which fire with nothing done.
 * A settle waits for a timer a call set (a debounced save, an upload batched for later), and it is right to; but
 * most timers a call leaves are not work: a time-out a request armed and cleared (Node does not disarm its loop's
 * timer when `clearTimeout` empties it), a logger's worker polling with back-off, V8's delayed tasks on a loop of
 * their own. Waiting for each costs every call up to the bound. So each timer waited for is judged once the
 * settle ends (`fired`): empty when the server's tree read and wrote nothing, began or ended no thread or process,
 * and attempted no egress meanwhile. A timer of the same thread and length is then not waited for once
 * `EMPTY_TO_LEARN` of its fires were empty and none did anything; nor any timer of a thread other than a
 * process's main thread once `EMPTY_TO_LEARN_THREAD` of its fires were (a poller's lengths vary). What a main
 * thread's timer changes in memory alone cannot be seen from outside, so main threads are learned by length
 * only: a debounce fires with the same length as its kind every time, and a debounced save does write.
 * Once something ran between calls after a settle left a learned timer unwaited (`between`), nothing is
 * learned idle again in this session: what it left is waited for, as before any learning.
 */
export class IdleTimers {
  readonly #byLength = new Map<string, { length: number; fires: Fires }[]>();
  readonly #byThread = new Map<string, Fires>();
  #distrusted = false;

  /** Whether `timer` is one learned to fire with nothing done. */
  idle(timer: Pending): boolean {
    if (this.#distrusted || timer.dueAt === undefined) return false;
    const thread = this.#byThread.get(timer.thread);
    if (
      !mainThread(timer.thread) &&
      thread !== undefined &&
      !thread.acted &&
      thread.empty >= EMPTY_TO_LEARN_THREAD
    )
      return true;
    const length = this.#length(timer);
    return length !== undefined && !length.acted && length.empty >= EMPTY_TO_LEARN;
  }

  /** A timer the settle waited for fired, and what followed was `empty` (nothing) or not. */
  fired(timer: Pending, empty: boolean): void {
    const thread = this.#byThread.get(timer.thread) ?? { empty: 0, acted: false };
    this.#byThread.set(timer.thread, thread);
    count(thread, empty);
    if (timer.timeoutMs === undefined) return;
    let length = this.#length(timer);
    if (length === undefined) {
      length = { empty: 0, acted: false };
      const lengths = this.#byLength.get(timer.thread) ?? [];
      lengths.push({ length: timer.timeoutMs, fires: length });
      this.#byLength.set(timer.thread, lengths);
    }
    count(length, empty);
  }

  /** Something ran between calls after a learned timer was left unwaited: learn nothing idle from now on. */
  distrust(): void {
    this.#distrusted = true;
  }

  get distrusted(): boolean {
    return this.#distrusted;
  }

  #length(timer: Pending): Fires | undefined {
    const length = timer.timeoutMs;
    if (length === undefined) return undefined;
    return this.#byLength.get(timer.thread)?.find((known) => sameLength(known.length, length))?.fires;
  }
}

function count(fires: Fires, empty: boolean): void {
  if (empty) fires.empty++;
  else fires.acted = true;
}

/** `pid/tid` of a process's first thread (where a Node or Python server runs its code). */
function mainThread(thread: string): boolean {
  const [pid, tid] = thread.split('/');
  return pid === tid;
}
