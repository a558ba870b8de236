import { SetupError } from '../model/setupError.js';

/**
 * hintproof's floor for one command (two calls, the snapshots and the diff around them) on a server that does
 * nothing, measured with bubblewrap on a 2-core machine: about 35 ms. A real server's calls take longer, so an
 * estimate made with it is a lower bound.
 */
const FLOOR_SECONDS_PER_COMMAND = 0.035;

/** What a check of many tools would cost, and the settings that decide it. */
export interface ToolCountLimit {
  /** Tools checked at most without `--tool` (`--max-tools`). */
  readonly maxTools: number;
  readonly runs: number;
  readonly jobs: number;
}

/**
 * Refuses a check of more tools than `--max-tools` (a server listing 60,000 tools would take days): the count,
 * the least it would take at the current settings, and what to do. Nothing when the count is within the bound.
 */
export function checkToolCount(count: number, limit: ToolCountLimit): void {
  if (count <= limit.maxTools) return;
  const commands = count * limit.runs;
  const seconds = (commands * FLOOR_SECONDS_PER_COMMAND) / limit.jobs;
  throw new SetupError(
    `The server lists ${count} tools, more than --max-tools ${limit.maxTools}. Checking them all at --runs ` +
      `${limit.runs} makes ${commands} commands (${commands * 2} calls): at least ${formatDuration(seconds)} ` +
      `with --jobs ${limit.jobs}, longer for a server that does real work. Choose tools with --tool NAME ` +
      `(repeatable, or a comma-separated list), or raise --max-tools to ${count} to check them all.`,
  );
}

/** `40 s`, `12 min`, `5.8 h`, `3.1 days`. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} min`;
  if (seconds < 48 * 3600) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86400).toFixed(1)} days`;
}
