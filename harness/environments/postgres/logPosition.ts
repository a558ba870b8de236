/** Where reading the log stands: every id up to `floor` has been read (or never committed); `seen` above it. */
export interface LogPosition {
  readonly floor: number;
  readonly seen: readonly number[];
}

/** Nothing read yet. */
export const LOG_START: LogPosition = { floor: 0, seen: [] };
