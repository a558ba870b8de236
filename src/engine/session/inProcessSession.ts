import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { EnvironmentProvider } from '../../../harness/index.js';
import { createSandbox, SandboxLost } from '../../../harness/index.js';
import { connect } from '../../mcp/index.js';
import type { ClientIdentity, McpConnection } from '../../mcp/index.js';
import { SetupError } from '../../model/setupError.js';
import type { RunSession } from './session.js';
import { openSession } from './session.js';

/** What hintproof needs of an in-process server: the SDK's `McpServer` and `Server` both fit. */
export interface InProcessServer {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

/**
 * An in-process server under test: `inProcess` is called once per run with the run's placeholders (e.g.
 * `{ fs: '/tmp/…/run-3/fs' }`) and returns a fresh server acting on that sandbox.
 */
export interface InProcessSpec {
  readonly inProcess: (
    placeholders: Readonly<Record<string, string>>,
  ) => InProcessServer | Promise<InProcessServer>;
  readonly startupTimeoutSeconds: number;
  /** hintproof's version, for the report's `hintproof` field; the server is sent `client` instead. */
  readonly clientVersion: string;
  /** The `clientInfo` sent at initialize (default: a neutral one). */
  readonly client?: ClientIdentity;
}

/**
 * A run session whose server lives in this process and talks over the SDK's in-memory transport: the
 * library API's path, with no process to spawn. "Killing" it closes the server.
 */
export async function startInProcessSession(
  spec: InProcessSpec,
  providers: readonly EnvironmentProvider[],
  directory: string,
): Promise<RunSession> {
  const sandbox = await createSandbox(directory, providers);
  let server: InProcessServer | undefined;
  let connection: McpConnection | undefined;
  let alive = true;
  const kill = async () => {
    alive = false;
    await server?.close().catch(() => {});
  };
  const dispose = async () => {
    await connection?.close().catch(() => {});
    await kill();
    await sandbox[Symbol.asyncDispose]();
  };
  try {
    server = await spec.inProcess(sandbox.placeholders);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    connection = await connect(clientSide, {
      ...(spec.client === undefined ? {} : { client: spec.client }),
      startupTimeoutSeconds: spec.startupTimeoutSeconds,
      isAlive: () => alive,
    });
    return await openSession(sandbox, connection, {
      alive: () => alive,
      kill,
      // In-process servers share hintproof's network: their egress is not observed.
      egress: () => Promise.resolve([]),
      dispose,
    });
  } catch (error) {
    await dispose();
    if (error instanceof SandboxLost || error instanceof SetupError) throw error;
    // What a spawned server that does not start gives too: a setup error, which makes a run inconclusive.
    const message = error instanceof Error ? error.message : String(error);
    throw new SetupError(
      `The in-process server did not start: ${message}. Check the factory given as \`server\`: it must return a ` +
        'fresh server for each sandbox.',
      { cause: error },
    );
  }
}
