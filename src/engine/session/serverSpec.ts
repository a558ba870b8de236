import type { Mount } from '../../../harness/process/index.js';
import type { ClientIdentity } from '../../mcp/index.js';
import type { SpawnIsolation } from './isolationPlan.js';

/** How to start the server under test. Strings may hold placeholders such as `{fs}`. */
export interface ServerSpec {
  readonly command: string;
  readonly args: readonly string[];
  /** The user's `--env` values. */
  readonly env: Readonly<Record<string, string>>;
  readonly startupTimeoutSeconds: number;
  /** hintproof's version, for the report's `hintproof` field; the server is sent `client` instead. */
  readonly clientVersion: string;
  /** The `clientInfo` sent at initialize (default: a neutral one, which does not say hintproof). */
  readonly client?: ClientIdentity;
  /**
   * Run the server isolated (bubblewrap or unshare; with `traceEgress`, record its connection attempts). A
   * bare `{ traceEgress }` uses the mechanism the machine offers and the default disk limit.
   */
  readonly isolation?: Partial<SpawnIsolation> & { readonly traceEgress: boolean };
  /** Host directories an isolated server must see read-only besides its own files (an installed package). */
  readonly readOnly?: readonly string[];
  /** A host directory an isolated server sees at another path (a package hintproof installed; see prepareLaunch). */
  readonly relocate?: Mount;
  /**
   * The own directory (host, real path) of the package a launcher named, when hintproof installed it: each
   * session runs it from a writable copy, observed as the `pkg` environment (see `packageCopy.ts`).
   */
  readonly ownPackage?: string;
}
