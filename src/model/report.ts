import type { Change } from '../../harness/index.js';
import type { EgressAttempt } from '../../harness/process/index.js';
import type { ClosedWorldFinding } from './closedWorld.js';
import type { DeclaredHints, HintName, Hints } from './hints.js';

/** The evidence behind a contradiction: enough to read it and to replay it exactly. */
export interface Evidence {
  /** The shrunk arguments, with placeholders such as `{fs}` left in. */
  readonly args: Readonly<Record<string, unknown>>;
  /** Which call of the command showed it (2 = the repeat). */
  readonly call: 1 | 2;
  readonly changes: readonly Change[];
  /** The fast-check seed and path that replay this exact counterexample. */
  readonly seed: number;
  readonly path: string;
  /** A shell command that replays it. */
  readonly replay: string;
  /** The observed fact, as a sentence. */
  readonly title: string;
  /** How the two calls ended, e.g. `returned`, `isError: not found`. */
  readonly outcomes: readonly string[];
  /** How many shrinking steps led from the first failing case to this one. */
  readonly shrinks: number;
  /** For openWorldHint: the attempts to reach outside the sandbox. */
  readonly egress?: readonly EgressAttempt[];
  /** For openWorldHint under `--strict-closed-world`: two answers to the call in one state that differ. */
  readonly answers?: readonly string[];
  /**
   * The calls made before the command in the same run (to build the state it met), shrunk with it; absent
   * when the command ran alone on a fresh sandbox.
   */
  readonly preamble?: readonly PreambleCall[];
  /** The tools the preamble was drawn from (`--producers` in the replay command); absent without a preamble. */
  readonly producers?: readonly string[];
  /**
   * What the contradiction costs in the MCP clients that act on the hint: its severity and the clients that
   * would act wrongly (`src/hints/clientImpact.ts`, `src/hints/severity.ts`). Set on every contradiction the
   * engine reports; a report built by other means may lack it, and the reporters then derive it the same way.
   */
  readonly impact?: Impact;
}

/** How much a contradicted hint costs, from the least to the most: `low`, `medium`, `high`, `critical`. */
export type Severity = 'critical' | 'high' | 'medium' | 'low';

/** The client-impact severity of one contradiction. */
export interface Impact {
  readonly severity: Severity;
  /**
   * The CVSS-like score in 0.1–10 that GitHub code scanning reads as `security-severity` (above 9.0 critical,
   * 7.0–8.9 high, 4.0–6.9 medium, below 4.0 low).
   */
  readonly score: number;
  /** Why this severity, in one sentence. */
  readonly reason: string;
  /** The clients that would act wrongly on the false hint, and what each would do. */
  readonly clients: readonly ClientAction[];
}

/** One client (in one of its modes) acting on a hint's false value. */
export interface ClientAction {
  readonly client: string;
  readonly mode: string;
  readonly effect: string;
  /** Where this was seen (a public URL); absent when no public source was found, and `note` says so. */
  readonly source?: string;
}

/**
 * A contradiction seen in a session that no replay from a fresh sandbox reproduced (the state it met may have
 * come from timing, or from something outside the calls): listed, never a verdict, never silently dropped.
 */
export interface FlakyEvidence {
  readonly hint: HintName;
  readonly title: string;
  /** The arguments as made in the session, placeholders left in. */
  readonly args: Readonly<Record<string, unknown>>;
  readonly changes: readonly Change[];
  readonly egress?: readonly EgressAttempt[];
  /** How many calls the session had made before the command. */
  readonly history: number;
  /** Those calls, in order (the last 20 when there were more), as the replays made them again. */
  readonly calls?: ReadonlyArray<{ readonly tool: string; readonly args: Readonly<Record<string, unknown>> }>;
  /** What each replay from a fresh sandbox showed. */
  readonly replays: readonly string[];
}

/**
 * Egress seen during a call that a control run also showed (a fresh sandbox, the same calls before, the same
 * time passing without the call): the server's own background traffic (start-up, periodic), never blamed on
 * the tool. One entry per destination.
 */
export interface AmbientEgress {
  readonly egress: EgressAttempt;
  /** The arguments of the call it was seen during, placeholders left in. */
  readonly args: Readonly<Record<string, unknown>>;
  /** Which control run showed it, in words. */
  readonly control: string;
}

/** A call of a counterexample's preamble: made once, in order, before the checked command. */
export interface PreambleCall {
  readonly tool: string;
  /** The arguments as sent, placeholders (`{fs}`) left in. */
  readonly args: Readonly<Record<string, unknown>>;
  /** `returned`, or why the call did not succeed. */
  readonly outcome: string;
  readonly changes: readonly Change[];
}

export type Verdict =
  | { readonly status: 'contradicted'; readonly evidence: Evidence }
  /** No observation contradicted the hint, and `observations` of them succeeded. */
  | { readonly status: 'consistent'; readonly observations: number }
  /** No evidence either way: every call failed, timed out, or no arguments could be made. */
  | { readonly status: 'inconclusive'; readonly reason: string }
  /** `destructiveHint` and `idempotentHint` of a tool whose effective `readOnlyHint` is true. */
  | { readonly status: 'not-applicable' }
  /** hintproof has no check for this hint yet. */
  | { readonly status: 'unchecked'; readonly reason: string };

export type VerdictStatus = Verdict['status'];

export interface ToolReport {
  readonly name: string;
  /** The annotations' hints as sent; `null` when the tool sent none. */
  readonly declared: DeclaredHints;
  readonly effective: Hints;
  /** Every tools/call made for this tool (two per command), and how many did not succeed. */
  readonly calls: {
    readonly total: number;
    readonly errors: number;
    /** Commands not sent because their generated arguments failed the input schema (target: 0). */
    readonly invalidArguments?: number;
    /** Share (0–1) of the commands whose arguments named something harvested from the sandbox. */
    readonly pooledShare?: number;
    /** Commands made (each called twice unless call 1 failed hard). */
    readonly commands?: number;
    /**
     * Commands whose first call succeeded against existing state: it named an entity that existed before it,
     * or appended to, modified or deleted one. Only these can show that a tool does not destroy.
     */
    readonly metExisting?: number;
    /** Commands made after a preamble of other calls (producers first), in the same run. */
    readonly afterPreamble?: number;
    /**
     * Modes never exercised: per mode-like enum property (`action: list|create|delete`) with values no
     * successful command used, `action: only list was exercised (create, delete never succeeded)`; per SQL
     * property no writing statement succeeded through, `sql: no writing statement succeeded (only reads were
     * exercised)`; and, for a tool whose commands met existing state but whose answers never showed they did
     * their job on it, `answers never showed the state met: …`. Nothing tighter than declared is suggested
     * for such a tool. Absent when every mode was exercised.
     */
    readonly unexercised?: readonly string[];
  };
  readonly verdicts: Readonly<Record<HintName, Verdict>>;
  /** The tightest hints every observation supports (absence of evidence is not proof). */
  readonly suggested: Hints;
  /** How many observations stand behind each suggested value (openWorldHint: none yet). */
  readonly suggestedBasis?: Readonly<Partial<Record<HintName, number>>>;
  /** A sample of why calls failed, when some did. */
  readonly sampleError?: string;
  /** Contradictions seen in a session that did not reproduce from a fresh sandbox (absent when none). */
  readonly flaky?: readonly FlakyEvidence[];
  /** Egress seen during its calls that control runs showed without them: ambient (absent when none). */
  readonly ambientEgress?: readonly AmbientEgress[];
  /** A closed-world tool that answered one call differently in one state (absent when none; see the type). */
  readonly closedWorld?: ClosedWorldFinding;
  /** What the tool was seen to do (`reads only`, `adds`, `deletes`…), compared with `--baseline`. */
  readonly behaviour?: readonly string[];
}

/** A tool whose observed behaviour differs from the baseline file. */
export interface Drift {
  readonly tool: string;
  readonly before: readonly string[];
  readonly after: readonly string[];
  /** Behaviours seen now but not in the baseline: these fail the run. */
  readonly added: readonly string[];
}

/** The package a launcher command (`npx -y pkg`) named, as hintproof installed and ran it. */
export interface PackageInfo {
  readonly name: string;
  /** The version npm resolved (what ran, whatever range or tag the command gave). */
  readonly version: string;
  /** `project`: the local project's copy (as npx uses it); `cache`: installed earlier; `installed`: now. */
  readonly from: 'project' | 'cache' | 'installed';
}

export interface ServerInfo {
  readonly name: string;
  readonly version: string;
}

export interface Settings {
  readonly runs: number;
  readonly seed: number;
  readonly timeoutSeconds: number;
  /** Calls a session makes before a fresh one is started (1: every command on a fresh sandbox). */
  readonly maxCommands: number;
  readonly ignore: readonly string[];
  /** Present when one fast-check path was replayed instead of searching. */
  readonly path?: string;
  /**
   * How the server was contained: `bubblewrap`, `unshare` (the root-only fallback without bubblewrap, the same
   * containment), or `none` with the reason in `isolationNote`. Isolated, `isolationNote` says what the
   * sandbox lacks on this host (address families not filtered on an architecture the filter does not know).
   */
  readonly isolation?: 'bubblewrap' | 'unshare' | 'none';
  readonly isolationNote?: string;
  /** With isolation `none`: the state hintproof could not observe (services, the real HOME), in words. */
  readonly unobserved?: string;
  /** With a Postgres environment: as whom the server connects, and whether the embedded cluster is sandboxed. */
  readonly postgres?: string;
  /** How calls waited for what they started in the server to settle (in the final report only). */
  readonly settle?: SettleSummary;
}

/**
 * After each call and resource read, hintproof waits until what it started in the server has settled (no thread
 * of the server's still working, no time-out it set still due), `maxMs` at most: what that cost and left.
 */
export interface SettleSummary {
  readonly maxMs: number;
  /** False where the server's threads could not be read (an in-process server, no /proc): nothing waited. */
  readonly observable: boolean;
  /** Calls and reads made. */
  readonly calls: number;
  /** Of them, those that waited. */
  readonly waited: number;
  readonly waitedMs: number;
  readonly longestMs: number;
  /** The longest a time-out a call set was due after its answer (what effects trailing answers were waited for). */
  readonly trailMs: number;
  /** Calls that left a time-out due after the bound (not waited for), and the latest such, ms after the answer. */
  readonly beyondBound?: number;
  readonly beyondMs?: number;
  /** Calls whose server was still working when the bound ran out. */
  readonly busyAtBound?: number;
  /**
   * Timers left unwaited because the same thread's timers (of that length, or any on a thread other than a
   * process's main one) had fired with nothing done: no read, write, thread, process or egress followed.
   */
  readonly idleLeft?: number;
  /** Timers left unwaited as the server's rhythm armed again by its own fire (an interval, a poll). */
  readonly rhythmLeft?: number;
  /** Sessions whose server did something between calls after such a timer was left: they stopped leaving any. */
  readonly distrusted?: number;
}

/**
 * A database the server made in the Postgres cluster during the check, outside its own run's database
 * (`CREATE DATABASE` through its role): found after each run and dropped, unless `note` says why not.
 */
interface CreatedDatabase {
  readonly name: string;
  readonly dropped: boolean;
  readonly note?: string;
}

/**
 * A name the server gave more than one of its tools (names must be unique: a call names a tool). The first
 * tool listed under it is checked, the others are skipped.
 */
export interface DuplicateTool {
  readonly name: string;
  /** How many tools the server listed under the name. */
  readonly listed: number;
}

/** The JSON report (`--json FILE`). Field names and nesting are a stable contract; see design.md. */
export interface Report {
  readonly hintproof: string;
  readonly server: ServerInfo;
  readonly settings: Settings;
  /** The command that was checked, placeholders left in. */
  readonly command: readonly string[];
  /** The package the command ran through a launcher (`npx -y pkg`), with its resolved version. */
  readonly package?: PackageInfo;
  /** Changes seen while no tool was called (background jobs, clocks): excluded from every verdict. */
  readonly ambient: readonly Change[];
  /**
   * Present when the check was blind (nothing any tool did was observable, and no call met existing state):
   * why no claim about state could be confirmed. Its consistent state verdicts became inconclusive.
   */
  readonly blind?: string;
  /**
   * The server's own reads of its state (read-only tools taking no arguments, resources, the resource listing
   * `resources/list` as kind `listing`) read around every
   * call: those used, and those left out with why. Absent when the server offered none.
   */
  readonly observers?: {
    readonly used: ReadonlyArray<{ readonly name: string; readonly kind: 'tool' | 'resource' | 'listing' }>;
    readonly dropped: ReadonlyArray<{
      readonly name: string;
      readonly kind: 'tool' | 'resource' | 'listing';
      readonly reason: string;
    }>;
    /** Why resources could not be listed, when they could not. */
    readonly problem?: string;
  };
  readonly tools: readonly ToolReport[];
  /** Names the server gave several tools: the first of each was checked, the rest skipped (absent when none). */
  readonly duplicateTools?: readonly DuplicateTool[];
  /** Attempts to reach outside the sandbox at start-up, before any tool ran: listed, never blamed on a tool. */
  readonly startupEgress?: readonly EgressAttempt[];
  /** With `--baseline`: every tool whose behaviour changed since the baseline. */
  readonly drift?: readonly Drift[];
  /** With `--pg`: the databases the server made in the cluster during the check (absent when none). */
  readonly createdDatabases?: readonly CreatedDatabase[];
}

/** True when some tool does something the baseline never saw it do: exit code 1. */
export function hasFailingDrift(report: Report): boolean {
  return (report.drift ?? []).some((entry) => entry.added.length > 0);
}

/** True when at least one hint of one tool is contradicted: exit code 1. */
export function hasContradiction(report: Report): boolean {
  return report.tools.some((tool) => Object.values(tool.verdicts).some((v) => v.status === 'contradicted'));
}
