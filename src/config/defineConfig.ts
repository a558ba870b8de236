import type { ConfigSettings } from './settingsInConfig.js';

/** Per-tool settings in a config file. */
export interface ToolSettings {
  /** Commands for this tool instead of the global `runs`. */
  readonly runs?: number;
  /**
   * Arguments fixed for every call of this tool (placeholders allowed): they replace the generated value of
   * each property they name, e.g. `{ dryRun: false }` or `{ root: '{fs}/notes' }`.
   */
  readonly args?: Readonly<Record<string, unknown>>;
}

/**
 * `hintproof.config.ts` (or `.js`, `.mjs`, `.json`). Command-line flags override what it sets. Besides the
 * server and per-tool settings, its keys are the settings table's (src/settings/settingsTable.ts: each row's
 * `config`): `environments` (`fs`, `sqlite`, `home`, `pg`), `runs`, `seed`, `timeout`, `client`, `ignore`…
 */
export type HintproofConfig = ConfigSettings & {
  /** The stdio server to check; `{fs}` and `{pg…}` placeholders allowed in every string. */
  readonly server?: {
    readonly command: string;
    readonly args?: readonly string[];
    readonly env?: Readonly<Record<string, string>>;
  };
  readonly tools?: Readonly<Record<string, ToolSettings>>;
};

/** Types a config file: `export default defineConfig({ … })`. Returns its argument unchanged. */
export function defineConfig(config: HintproofConfig): HintproofConfig {
  return config;
}
