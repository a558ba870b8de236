/** The CLI's exit codes: a contract that CI scripts rely on. */
export const EXIT = {
  /** Every hint checked holds (none contradicted). */
  ok: 0,
  /** At least one hint is contradicted. */
  contradicted: 1,
  /** Usage or set-up error: nothing could be checked. */
  setup: 2,
} as const;
