import type { Change } from '../../harness/index.js';
import type { DeclaredHints, HintName, Hints } from '../hints/hints.js';

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
  readonly calls: { readonly total: number; readonly errors: number };
  readonly verdicts: Readonly<Record<HintName, Verdict>>;
  /** The tightest hints every observation supports (absence of evidence is not proof). */
  readonly suggested: Hints;
  /** A sample of why calls failed, when some did. */
  readonly sampleError?: string;
}

export interface ServerInfo {
  readonly name: string;
  readonly version: string;
}

export interface Settings {
  readonly runs: number;
  readonly seed: number;
  readonly timeoutSeconds: number;
  readonly maxCommands: number;
  readonly ignore: readonly string[];
  /** Present when one fast-check path was replayed instead of searching. */
  readonly path?: string;
}

/** The JSON report (`--json FILE`). Field names and nesting are a stable contract; see design.md. */
export interface Report {
  readonly hintproof: string;
  readonly server: ServerInfo;
  readonly settings: Settings;
  /** The command that was checked, placeholders left in. */
  readonly command: readonly string[];
  /** Changes seen while no tool was called (background jobs, clocks): excluded from every verdict. */
  readonly ambient: readonly Change[];
  readonly tools: readonly ToolReport[];
}

/** True when at least one hint of one tool is contradicted: exit code 1. */
export function hasContradiction(report: Report): boolean {
  return report.tools.some((tool) => Object.values(tool.verdicts).some((v) => v.status === 'contradicted'));
}
