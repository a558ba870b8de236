/**
 * Waits for `promise`, `ms` milliseconds at most. The timer is cleared when the promise settles first: a timer
 * left pending holds the process open (a 5 s one made every check with the embedded Postgres end 5 s late).
 */
export async function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
