import { awaitEnded } from '../../../harness/process/index.js';
import type { McpConnection } from '../../mcp/index.js';

/**
 * How long a call's end waits for the processes the server started during it. A `git status` the server left
 * running when it answered (it answered an error from another git command run beside it) still held
 * `.git/index.lock` when the state after the call was read, under load; a process still running after this
 * long (a daemon the tool started) is left running and the state is read as it is.
 */
export const CALL_PROCESSES_MS = 1000;

/**
 * The connection, with each tool call and resource read ending only once the processes the server started
 * since the previous call ended have ended too (`CALL_PROCESSES_MS` at most): what the call did is then done
 * when the state after it is read. `processes()` lists the processes below the server's (read once per call:
 * ~0.1 ms for a node server under bubblewrap and strace); those running before the call are not waited for.
 */
export function awaitingCallProcesses(
  connection: McpConnection,
  processes: () => ReadonlySet<number>,
  ms = CALL_PROCESSES_MS,
): McpConnection {
  let known: ReadonlySet<number> | undefined;
  const settled = async <T>(call: () => Promise<T>): Promise<T> => {
    const before = (known ??= processes());
    const outcome = await call();
    known = processes();
    const started = [...known].filter((pid) => !before.has(pid));
    if (started.length > 0) {
      await awaitEnded(started, ms);
      // What those processes started while they ran (a shell's child) is this call's too, never the next one's.
      known = processes();
    }
    return outcome;
  };
  return {
    ...connection,
    callTool: (name, args, timeoutSeconds) => settled(() => connection.callTool(name, args, timeoutSeconds)),
    readResource: (uri, timeoutSeconds) => settled(() => connection.readResource(uri, timeoutSeconds)),
  };
}
