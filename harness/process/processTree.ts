import { readdirSync, readFileSync } from 'node:fs';

/** How often the processes a call left are looked at while waiting for them to end. */
const POLL_MS = 3;

/**
 * The processes below `pid` (children, theirs, and so on), read from `/proc/<pid>/task/<tid>/children` of
 * every thread (a process may fork from any of its threads). Those that ended but were not yet reaped by their
 * parent are among them (`awaitEnded` counts them as ended). Empty where /proc offers no children lists, or
 * once `pid` has gone.
 */
export function descendants(pid: number): Set<number> {
  const found = new Set<number>();
  const pending = [pid];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const child of childrenOf(next)) {
      if (found.has(child)) continue;
      found.add(child);
      pending.push(child);
    }
  }
  return found;
}

/**
 * Waits until none of `pids` is alive (an ended process not yet reaped by its parent counts as ended), or
 * `ms` have passed. True when all ended in time.
 */
export async function awaitEnded(pids: Iterable<number>, ms: number): Promise<boolean> {
  let waiting = [...pids].filter(isLive);
  const deadline = performance.now() + ms;
  while (waiting.length > 0) {
    if (performance.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    waiting = waiting.filter(isLive);
  }
  return true;
}

function childrenOf(pid: number): number[] {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return threads.flatMap((tid) => {
    try {
      return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8')
        .split(' ')
        .filter((word) => word !== '')
        .map(Number);
    } catch {
      return [];
    }
  });
}

/** Whether `pid` is a process that has not ended (its state in /proc/<pid>/stat is neither Z nor X). */
function isLive(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  // The command name in parentheses may hold anything, spaces and parentheses too: the state follows the last ')'.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z' && state !== 'X' && state !== 'x';
}
