/**
 * A server under test as a plain function model: tools with declared annotations and a handler over an
 * in-memory state (entity → content), in place of an MCP server over a real sandbox. `fakeSession.ts` serves
 * it as a `RunSession`; `fakeSandbox.ts` snapshots and diffs its state as the fs environment would.
 */

/** What a handler sees of one call: the server instance's state and counters, and the world's. */
export interface FakeCall {
  /** The instance's state: entity (a sandbox-relative path) → content. Handlers change it in place. */
  readonly state: Map<string, string>;
  /** The sandbox root the server was given (`{fs}`): arguments come with it substituted. */
  readonly fs: string;
  /** This tool's calls on this server instance so far, this one included (1-based). */
  readonly calls: number;
  /** This tool's calls on every instance the world started so far, this one included (1-based). */
  readonly everCalls: number;
  /** An attempt to reach outside the sandbox (`93.184.216.34:443`), as strace would report a connect. */
  readonly reach: (destination: string) => void;
}

/**
 * What a call answers: text (a success), `{ error }` (a result with `isError`), or `{ hang: true }`: no answer,
 * the call times out and the session's server is killed.
 */
export type FakeAnswer = string | { readonly error: string } | { readonly hang: true };

export interface FakeTool {
  readonly name: string;
  readonly description?: string;
  /** As sent in tools/list: absent, partial or whole. */
  readonly annotations?: Readonly<Record<string, boolean>>;
  /** Default: `{ name: string }` (an entity of the state). */
  readonly inputSchema?: Readonly<Record<string, unknown>>;
  readonly handler: (args: Readonly<Record<string, unknown>>, call: FakeCall) => FakeAnswer;
  /** Answers only task-augmented calls (`execution.taskSupport: "required"`). */
  readonly tasksOnly?: boolean;
  /** How long each call takes before it answers (`node:timers/promises`' time: virtual in the tests). */
  readonly durationMs?: number;
}

export interface FakeServer {
  readonly tools: readonly FakeTool[];
  /** The state every fresh sandbox starts with (the seed). */
  readonly seed?: Readonly<Record<string, string>>;
  /** Destinations the server reaches at start-up, before any call (ambient egress). */
  readonly startupReach?: readonly string[];
  /** A destination the server reaches on its own every `everyMs` from its start (a retry loop): background. */
  readonly background?: { readonly destination: string; readonly everyMs: number };
}

/** What the tests see across every instance of a server the pool started (never reset by one). */
export interface FakeWorld {
  /** Server instances started (the pool prepares ahead, so this runs ahead of use). */
  instances: number;
  /** Calls per tool, over every instance. */
  readonly calls: Map<string, number>;
}

export function newFakeWorld(): FakeWorld {
  return { instances: 0, calls: new Map() };
}

/** The default input schema: one entity name. */
export const NAME_SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1 } },
  required: ['name'],
} as const;

/** The `name` argument as an entity key (`{fs}/a` and `a` alike), or undefined when it names none. */
export function entityOf(args: Readonly<Record<string, unknown>>, fs: string): string | undefined {
  const name = args.name;
  if (typeof name !== 'string' || name.trim() === '') return undefined;
  const bare = name.startsWith(`${fs}/`) ? name.slice(fs.length + 1) : name;
  return /^[\w.-]+$/.test(bare) ? bare : undefined;
}
