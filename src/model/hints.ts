/** The four behaviour hints an MCP tool may declare in its `annotations`. */
export const HINT_NAMES = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
export type HintName = (typeof HINT_NAMES)[number];

/** A complete set of hints: what a client must assume. */
export type Hints = Readonly<Record<HintName, boolean>>;

/** The hints as the server sent them: any subset, or nothing at all (`null`). */
export type DeclaredHints = Readonly<Partial<Record<HintName, boolean>>> | null;

/**
 * The MCP specification's defaults: a tool that says nothing may write, may destroy, is not idempotent
 * and may reach the outside world. Every other default in hintproof derives from this one constant.
 */
export const SPEC_DEFAULTS: Hints = Object.freeze({
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
});
