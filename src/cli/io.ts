/** What the CLI reads from and writes to the outside world; entry.ts passes the real process's. */
export interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly isTty: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The seed used when `--seed` is not given. */
  readonly randomSeed: () => number;
  /** Milliseconds on a monotonic clock, for live progress. */
  readonly now: () => number;
  /** The invocation directory: relative paths in the server command resolve against it. */
  readonly cwd: string;
}
