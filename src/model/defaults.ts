/**
 * The defaults of a check, in one place: the CLI's option defaults, the library's, and the replay lines
 * (which leave out a value equal to its default) all read them here.
 */
export const DEFAULTS = {
  /** Runs per tool. */
  runs: 25,
  /** Seconds a tool call may take. */
  timeout: 10,
  /** Seconds the server may take to answer initialize, and again tools/list. */
  startupTimeout: 30,
  /** Milliseconds between the two snapshots that find ambient changes. */
  calibration: 250,
  /**
   * Calls one server process and sandbox makes before a fresh one starts: enough for the runs of a few tools of
   * a chain, preambles included (a server start-up costs more than the calls of a whole session; a longer one
   * makes longer histories for a confirmation to replay and cut).
   */
  maxCommands: 250,
  /** The server's own reads (read-only tools, resources) read around every call, at most. */
  maxObservers: 6,
  /**
   * Milliseconds a call's end waits, at most, for what it started in the server to settle (a debounced save, an
   * upload batched for later): effects that trail the answer by longer are not the call's.
   */
  settleMax: 3000,
  /**
   * Tools checked without `--tool`, at most: past it a check is refused with its count and an estimate (the
   * largest real servers list about a hundred; 60,000 would take days).
   */
  maxTools: 200,
} as const;
