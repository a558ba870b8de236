import type { Change } from '../../harness/index.js';
import type { DeclaredHints, HintName, Hints } from './hints.js';
import type {
  Evidence,
  PackageInfo,
  PreambleCall,
  Report,
  ServerInfo,
  Settings,
  ToolReport,
} from './report.js';
import type { Observation } from './observation.js';

/** What the engine tells reporters, in order. Reporters only consume these; they never call back. */
export type EngineEvent =
  | {
      readonly type: 'start';
      readonly server: ServerInfo;
      readonly settings: Settings;
      readonly command: readonly string[];
      readonly package?: PackageInfo;
      readonly tools: ReadonlyArray<{ name: string; declared: DeclaredHints; effective: Hints }>;
      readonly ambient: readonly Change[];
    }
  | { readonly type: 'tool-start'; readonly tool: string; readonly budget: number }
  | {
      readonly type: 'observation';
      readonly observation: Observation;
      /** The calls made before it in the same run (absent when it ran alone on a fresh sandbox). */
      readonly preamble?: readonly PreambleCall[];
    }
  /** A command not sent: its generated arguments failed the input schema (`errors` is ajv's text). */
  | {
      readonly type: 'invalid-arguments';
      readonly tool: string;
      readonly args: Readonly<Record<string, unknown>>;
      readonly errors: string;
    }
  | {
      readonly type: 'contradiction';
      readonly tool: string;
      readonly hint: HintName;
      readonly evidence: Evidence;
    }
  | { readonly type: 'tool-end'; readonly tool: ToolReport }
  | { readonly type: 'end'; readonly report: Report };

export type EventSink = (event: EngineEvent) => void;
