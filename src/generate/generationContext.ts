import type { HarvestedValue } from '../../harness/index.js';

/** What argument generation may draw on besides the schema itself. */
export interface GenerationContext {
  /**
   * Values harvested from the sandbox, offered to string arguments so that calls meet existing state.
   * Placeholders such as `{fs}` stay literal: they are substituted just before each call.
   */
  readonly harvested: readonly HarvestedValue[];
  /**
   * Offer names and paths seen earlier in the same run (arguments and responses of the calls before this one)
   * as `LiveChoice`s, resolved when the call is made: a consumer meets what a producer just made.
   */
  readonly live?: boolean;
  /**
   * The call is made to build state before the checked one (a preamble): arrays hold at least one item and
   * strings at least one visible character wherever the schema allows, since an empty create builds nothing.
   */
  readonly building?: boolean;
  /** The tool the arguments are for: its name and description steer SQL statements (read, write, DDL). */
  readonly tool?: { readonly name: string; readonly description?: string };
}
