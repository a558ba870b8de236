/**
 * hintproof's library API. `runChecks` is the engine behind `hintproof check`: it returns the report object
 * (the JSON report's shape) and emits events to an optional sink.
 */
export { runChecks } from './engine/engine.js';
export type { CheckOptions } from './engine/checkOptions.js';
export type { ServerSpec } from './engine/session/serverSpec.js';
export type { EngineEvent, EventSink } from './model/events.js';
export { SetupError } from './model/setupError.js';
export type { Evidence, Report, ToolReport, Verdict, VerdictStatus } from './model/report.js';
export { hasContradiction } from './model/report.js';
export { SPEC_DEFAULTS, HINT_NAMES } from './model/hints.js';
export type { DeclaredHints, HintName, Hints } from './model/hints.js';
export { VERSION } from './version.js';
export { checkServer } from './library/checkServer.js';
export type { CheckServerOptions, ServerFactory, StdioServer } from './library/checkServer.js';
export { expectHintsToHold, HintsContradictedError } from './library/expectHintsToHold.js';
export type { InProcessServer, InProcessSpec } from './engine/session/inProcessSession.js';
export { defineConfig } from './config/defineConfig.js';
export type { HintproofConfig, ToolSettings } from './config/defineConfig.js';
