export { spawnServer, SpawnError } from './spawnServer.js';
export type { ExitStatus, ServerProcess, SpawnOptions } from './spawnServer.js';
export { INHERITED_VARIABLES, serverEnvironment } from './serverEnvironment.js';
export { onExitCleanup } from './exitCleanup.js';
export {
  detectIsolation,
  DEFAULT_LIMITS,
  isolatedSpawn,
  prepareLayout,
  releaseLayout,
  SANDBOX_UID,
} from './isolation.js';
export type { Isolation, IsolationKind, Limits, Mount, Relay, SandboxLayout } from './isolation.js';
export { DEFAULT_DISK_LIMIT, guardDisk } from './diskGuard.js';
export type { DiskGuard, DiskLimit } from './diskGuard.js';
export { createEgressReader, egressTraceAvailable, tracedSpawn } from './egressTrace.js';
export type { EgressReader } from './egressTrace.js';
export { describeEgress } from './egressAttempt.js';
export type { EgressAttempt } from './egressAttempt.js';
export { EGRESS_LISTED, EgressLog } from './egressLog.js';
export type { EgressScope } from './egressLog.js';
export { parseTraceLine } from './traceLine.js';
export type { TracedAddress, TracedCall } from './traceLine.js';
export { findExecutable } from './findExecutable.js';
export { insidePath, PACKAGE_INSIDE } from './insidePath.js';
export { LauncherError, parseLauncher } from './packageLauncher.js';
export type { LauncherRequest } from './packageLauncher.js';
export { installPackage, PackageInstallError, packageCacheDirectory } from './installPackage.js';
export type { InstallOptions, InstalledPackage } from './installPackage.js';
