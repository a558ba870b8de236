import type { CheckSettings } from '../settings/checkSettings.js';
import type { ServerSpec } from './session/serverSpec.js';
import type { InProcessSpec } from './session/inProcessSession.js';
import type { PgProviderOptions } from '../../harness/environments/postgres/index.js';
import type { PackageInfo } from '../model/report.js';
import type { ToolSettings } from '../config/defineConfig.js';
import type { Baseline } from '../baseline/baselineFile.js';

/** What a check is asked to do: the server, its sandbox seeds, the budget and how the report is made. */
export interface CheckOptions {
  /** A command to spawn over stdio, or a factory of in-process servers (one per run). */
  readonly server: ServerSpec | InProcessSpec;
  /** The directory copied into each run's `{fs}`; an empty sandbox when absent. */
  readonly fsSeed?: string;
  /** The directory copied into each run's private HOME (`{home}`); an empty HOME when absent. */
  readonly homeSeed?: string;
  /** A SQLite database per run in `{fs}` (`{sqlite}`), made from this .sql script or database file. */
  readonly sqliteSeed?: string;
  /** A Postgres database per run (`{pg}`), seeded from `pg.seed`; no database when absent. */
  readonly pg?: PgProviderOptions;
  /** Commands per tool. */
  readonly runs: CheckSettings['runs'];
  /** Calls a session makes before a fresh one is started (default `DEFAULTS.maxCommands`; 1: each run fresh). */
  readonly maxCommands?: CheckSettings['maxCommands'];
  /** Tools checked at once, each in its own sessions (default: the CPU count, at most 4). */
  readonly jobs?: CheckSettings['jobs'];
  readonly seed: NonNullable<CheckSettings['seed']>;
  /** Replay one fast-check path (requires exactly one tool in `tools`). */
  readonly path?: string;
  /** Check only these tools (all when absent). */
  readonly tools?: readonly string[];
  readonly timeoutSeconds: CheckSettings['timeout'];
  readonly ignore: CheckSettings['ignore'];
  /** The pause between the two calibration snapshots. */
  readonly calibrationMs: CheckSettings['calibration'];
  /** The server's own reads read around every call, at most (default `DEFAULTS.maxObservers`; 0: none). */
  readonly maxObservers?: CheckSettings['maxObservers'];
  /** Milliseconds a call's end waits at most for what it started in the server (default `DEFAULTS.settleMax`). */
  readonly settleMaxMs?: CheckSettings['settleMax'];
  /** Tools checked at most; more is refused unless `--tool` chooses (default `DEFAULTS.maxTools`). */
  readonly maxTools?: CheckSettings['maxTools'];
  /** The command-line to show in the report (placeholders left in). */
  readonly commandLine: readonly string[];
  /** The package a launcher command named (`npx -y pkg`), installed before the run: named in the report. */
  readonly package?: PackageInfo;
  /** The command that replays one counterexample (`producers`: the preamble candidates it was found with). */
  readonly replayLine: (tool: string, seed: number, path: string, producers?: readonly string[]) => string;
  /** `--producers`: the tools preambles draw on, fixed; learned during the check when absent. */
  readonly producers?: CheckSettings['producers'];
  /** Run a spawned server under bubblewrap when the machine can (default true). */
  readonly isolation?: boolean;
  /** `--strict-closed-world`: a closed-world tool answering one call differently in one state contradicts its openWorldHint. */
  readonly strictClosedWorld?: CheckSettings['strictClosedWorld'];
  /** Per-tool runs and fixed arguments (from a config file). */
  readonly toolSettings?: Readonly<Record<string, ToolSettings>>;
  /** A behaviour baseline to compare with: the report's `drift` lists what moved. */
  readonly baseline?: Baseline;
  /** Where run directories go; a fresh temp directory by default. */
  readonly workDirectory?: string;
  /**
   * `false`: arguments from the schemas alone: no harvested values, and every command alone on a fresh
   * sandbox (no preambles, no values from earlier calls): the bench's baseline. Default true.
   */
  readonly pools?: boolean;
  /**
   * Stops the check: once it fires, no run starts and no contradiction is confirmed or shrunk, and runChecks
   * rejects with its reason after every session is closed. No report: verdicts on part of the budget would
   * not be the check's.
   */
  readonly signal?: AbortSignal;
}
