import type { HarvestedValue } from '../../harness/index.js';

/** What argument generation may draw on besides the schema itself. */
export interface GenerationContext {
  /**
   * Values harvested from the sandbox, offered to string arguments so that calls meet existing state.
   * Placeholders such as `{fs}` stay literal: they are substituted just before each call.
   */
  readonly pool: readonly HarvestedValue[];
}
