export { spawnServer, SpawnError } from './spawnServer.js';
export type { ExitStatus, ServerProcess, SpawnOptions } from './spawnServer.js';
export { INHERITED_VARIABLES, serverEnvironment } from './serverEnvironment.js';
export { onExitCleanup } from './exitCleanup.js';
export { detectIsolation, DEFAULT_LIMITS, isolatedSpawn, prepareLayout, SANDBOX_UID } from './isolation.js';
export type { Isolation, IsolationKind, Limits, SandboxLayout } from './isolation.js';
export { createEgressReader, egressTraceAvailable, parseTraceLine, tracedSpawn } from './egressTrace.js';
export type { EgressAttempt, EgressReader } from './egressTrace.js';
export { findExecutable } from './findExecutable.js';
