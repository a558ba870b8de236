export { spawnServer, SpawnError } from './spawnServer.js';
export type { ExitStatus, ServerProcess, SpawnOptions } from './spawnServer.js';
export { INHERITED_VARIABLES, serverEnvironment } from './serverEnvironment.js';
export { onExitCleanup } from './exitCleanup.js';
