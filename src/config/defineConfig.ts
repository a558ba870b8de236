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

/** `hintproof.config.ts` (or `.js`, `.mjs`, `.json`). Command-line flags override what it sets. */
export interface HintproofConfig {
  /** The stdio server to check; `{fs}` and `{pg…}` placeholders allowed in every string. */
  readonly server?: {
    readonly command: string;
    readonly args?: readonly string[];
    readonly env?: Readonly<Record<string, string>>;
  };
  readonly environments?: {
    /** Seed directory copied into each run's `{fs}`. */
    readonly fs?: string;
    /** Seed of each run's `{sqlite}` database (a .sql script or a SQLite file), made inside `{fs}`. */
    readonly sqlite?: string;
    /** A directory copied into the server's private HOME (`{home}`) for each run. */
    readonly home?: string;
    /** Seed SQL of each run's `{pg}` database, or the provider settings with it. */
    readonly pg?:
      | string
      | {
          readonly seed?: string;
          readonly provider?: 'embedded' | 'url' | 'docker';
          readonly url?: string;
          /** `--pg-superuser`. */
          readonly superuser?: boolean;
        };
  };
  readonly runs?: number;
  readonly seed?: number;
  /** Seconds per tool call. */
  readonly timeout?: number;
  /** Seconds the server may take to answer initialize, and again to list its tools. */
  readonly startupTimeout?: number;
  /**
   * The `clientInfo` sent at initialize (default `{ name: 'mcp-client', version: '1.0.0' }`, which does not say
   * hintproof): set it to the client the server is written for, or to see whether it behaves differently.
   */
  readonly client?: { readonly name?: string; readonly version?: string };
  /** Change patterns left out of every verdict, e.g. `fs:**\/*.log`. */
  readonly ignore?: readonly string[];
  readonly tools?: Readonly<Record<string, ToolSettings>>;
  readonly reporter?: ReadonlyArray<'text' | 'json' | 'junit' | 'sarif' | 'markdown'>;
  readonly outputDir?: string;
  /** A behaviour baseline file to compare with. */
  readonly baseline?: string;
}

/** Types a config file: `export default defineConfig({ … })`. Returns its argument unchanged. */
export function defineConfig(config: HintproofConfig): HintproofConfig {
  return config;
}
