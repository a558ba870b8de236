import type { HintName } from '../model/hints.js';

/**
 * What a client does on a hint's value, as far as a contradiction matters:
 * - `runs-unconfirmed`: the call runs with no confirmation from the user;
 * - `read-only-filter`: the tool gets through a filter or mode meant to admit read-only tools only (it may
 *   still ask);
 * - `skips-result-review`: the result reaches the model with no review by the user;
 * - `retries`: the client repeats a call whose answer was lost, on its own.
 */
type ClientAct = 'runs-unconfirmed' | 'read-only-filter' | 'skips-result-review' | 'retries';

/** One client, in one mode, acting on one hint's tighter value: the value a contradicted claim has. */
export interface ClientImpactRow {
  readonly client: string;
  readonly mode: string;
  readonly hint: HintName;
  /** The claimed value the client acts on (the tighter one: the only kind hintproof can contradict). */
  readonly value: boolean;
  readonly act: ClientAct;
  /** What the client does, in words. */
  readonly effect: string;
  /** The row applies only when the tool's effective hints also have these values. */
  readonly alsoEffective?: Readonly<Partial<Record<HintName, boolean>>>;
  /** The row does not apply when the tool declares these values. */
  readonly unlessDeclared?: Readonly<Partial<Record<HintName, boolean>>>;
  /** A public page that shows it; `undefined` when none was found, and `note` says so. */
  readonly source: string | undefined;
  /** The day the source was read (YYYY-MM-DD); `undefined` with no source. */
  readonly checked: string | undefined;
  /** What the source is and how far it goes; required without a source. */
  readonly note?: string;
}

const TODAY = '2026-12-07';
const UNSOURCED = 'from the client survey of issue 37; no public source found for it on 2026-12-07';

/**
 * The client-impact table: which MCP clients act on which hint values, and how, each row with where it was
 * seen. `severity.ts` derives each contradiction's severity from it. Update a row when a client changes; add
 * one when a client starts acting on a hint. Clients' behaviour moves fast: a row says what its source showed
 * on the day it was checked, nothing more.
 */
export const CLIENT_IMPACT: readonly ClientImpactRow[] = [
  {
    client: 'VS Code (Copilot agent mode)',
    mode: 'read-only tools auto-approved',
    hint: 'readOnlyHint',
    value: true,
    act: 'runs-unconfirmed',
    effect: 'runs it without confirmation',
    source: 'https://github.com/github/github-mcp-server/issues/306',
    checked: TODAY,
    note: "VS Code's team: VS Code offers to auto-approve read-only tools as it does its own read-only tools; tool approval is described at https://code.visualstudio.com/docs/agents/run/approvals",
  },
  {
    client: 'VS Code (Copilot agent mode)',
    mode: 'post-call review of results',
    hint: 'openWorldHint',
    value: false,
    act: 'skips-result-review',
    effect: 'sends its result to the model with no review by the user',
    source: 'https://github.com/microsoft/vscode/pull/272628',
    checked: TODAY,
    note: 'adds the post-execution approval step that MCP tools get from their annotations (openWorldHint)',
  },
  {
    client: 'Codex',
    mode: 'auto and writes approval modes',
    hint: 'readOnlyHint',
    value: true,
    act: 'runs-unconfirmed',
    effect: 'runs it without approval',
    unlessDeclared: { destructiveHint: true },
    source: 'https://github.com/openai/codex/pull/15519',
    checked: TODAY,
    note: 'explicitly read-only tools skip approval unless also explicitly marked destructive',
  },
  {
    client: 'Codex',
    mode: 'auto and writes approval modes',
    hint: 'destructiveHint',
    value: false,
    act: 'runs-unconfirmed',
    effect: 'runs it without approval (its openWorldHint is false too)',
    alsoEffective: { openWorldHint: false },
    source: 'https://github.com/openai/codex/pull/12353',
    checked: TODAY,
    note: 'a tool not destructive needs approval only when it may write and reaches an open world',
  },
  {
    client: 'Codex',
    mode: 'auto and writes approval modes',
    hint: 'openWorldHint',
    value: false,
    act: 'runs-unconfirmed',
    effect: 'runs it without approval (its destructiveHint is false too)',
    alsoEffective: { destructiveHint: false },
    source: 'https://github.com/openai/codex/pull/12353',
    checked: TODAY,
    note: 'a tool not destructive needs approval only when it may write and reaches an open world',
  },
  {
    client: 'Claude Code',
    mode: 'plan mode',
    hint: 'readOnlyHint',
    value: true,
    act: 'runs-unconfirmed',
    effect: 'runs it in plan mode without asking',
    source: 'https://github.com/thedotmack/claude-mem/issues/3483',
    checked: TODAY,
    note: 'a user report on Claude Code 2.1.220 (plan mode goes by readOnlyHint); anthropics/claude-code#78085 reports 2.1.209 blocking such tools; no Anthropic page found',
  },
  {
    client: 'Claude Code',
    mode: 'HTTP servers and claude.ai connectors',
    hint: 'idempotentHint',
    value: true,
    act: 'retries',
    effect: 'repeats a call left pending when the connection closed, once',
    source: 'https://qiita.com/akihidem/items/e866bad5fed7ad166f93',
    checked: TODAY,
    note: "an article quoting Claude Code's MCP docs (https://code.claude.com/docs/en/mcp as of 2026-10-30); the docs page itself was not read",
  },
  {
    client: 'Claude Desktop / Cowork',
    mode: '"Allow for all tasks", offered for read-only tools only',
    hint: 'readOnlyHint',
    value: true,
    act: 'runs-unconfirmed',
    effect: 'lets it be allowed for all tasks, after which it runs without asking',
    source: 'https://github.com/anthropics/claude-code/issues/79734',
    checked: TODAY,
    note: "a user's request describing Claude Desktop: read-only tools can be auto-approved, write tools not; the survey's auto-mode wording is not confirmed by it",
  },
  {
    client: 'Claude Desktop / Cowork',
    mode: 'unattended (watcher, scheduled) runs',
    hint: 'destructiveHint',
    value: false,
    act: 'runs-unconfirmed',
    effect: 'runs it with nobody there to confirm',
    source: undefined,
    checked: undefined,
    note: `${UNSOURCED}; reports such as anthropics/claude-code#94643 show unattended runs stopping at approval prompts instead, so this row may be wrong`,
  },
  {
    client: 'Cursor',
    mode: 'Ask mode',
    hint: 'readOnlyHint',
    value: true,
    act: 'read-only-filter',
    effect: 'admits it to Ask mode, which allows read-only tools only',
    source: 'https://github.com/colbymchenry/codegraph/issues/1018',
    checked: TODAY,
    note: 'a server author\'s report of Cursor\'s message ("cannot run non read-only tools"); no Cursor page found',
  },
  {
    client: 'Cursor',
    mode: '"reads" auto-run policy',
    hint: 'readOnlyHint',
    value: true,
    act: 'runs-unconfirmed',
    effect: 'runs it without asking',
    source: undefined,
    checked: undefined,
    note: UNSOURCED,
  },
  {
    client: 'Qwen Code',
    mode: 'every approval mode, plan mode included',
    hint: 'readOnlyHint',
    value: true,
    act: 'runs-unconfirmed',
    effect: 'runs it without confirmation, in plan mode too',
    source: 'https://github.com/QwenLM/qwen-code/pull/1837',
    checked: TODAY,
    note: 'merged: tools with readOnlyHint: true are Kind.Read and need no confirmation',
  },
  {
    client: 'Qwen Code',
    mode: 'dropped calls',
    hint: 'idempotentHint',
    value: true,
    act: 'retries',
    effect: 'retries a dropped call on its own',
    source: undefined,
    checked: undefined,
    note: UNSOURCED,
  },
  {
    client: 'GitHub Copilot code review',
    mode: 'MCP tools in reviews',
    hint: 'readOnlyHint',
    value: true,
    act: 'read-only-filter',
    effect: 'lets it run in code review, which allows read-only tools only',
    source: 'https://github.com/zwave-js/zwave-js/pull/9198',
    checked: TODAY,
    note: 'a server\'s maintainers: code review starts MCP servers read-only and drops every tool without readOnlyHint ("no allowed tools after filtering"); microsoft/azure-devops-mcp#1555 reports the same',
  },
  {
    client: 'Gemini CLI',
    mode: 'Plan Mode',
    hint: 'readOnlyHint',
    value: true,
    act: 'read-only-filter',
    effect: 'offers it in Plan Mode, which shows read-only tools only (the user is still asked)',
    source: 'https://github.com/google-gemini/gemini-cli/issues/28548',
    checked: TODAY,
    note: 'plan.toml promotes tools with readOnlyHint: true out of the deny-all to ask_user (PR google-gemini/gemini-cli#18229 added it)',
  },
];
