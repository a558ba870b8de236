/**
 * Synchronous clean-ups that must run however hintproof ends (normal exit, an uncaught error, or
 * `process.exit` from a signal handler): killing detached server process groups and removing sandboxes.
 */
const cleanups = new Set<() => void>();
let installed = false;

/** Registers a synchronous clean-up; returns a function that unregisters it. */
export function onExitCleanup(cleanup: () => void): () => void {
  if (!installed) {
    installed = true;
    process.on('exit', () => {
      for (const run of [...cleanups].reverse()) {
        try {
          run();
        } catch {
          // Best effort: one failing clean-up must not stop the others.
        }
      }
    });
  }
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}
