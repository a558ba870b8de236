import type { ChildProcess } from 'node:child_process';
import type * as childProcessModule from 'node:child_process';
import type * as netModule from 'node:net';
import type { Relay } from './sandboxPaths.js';

/**
 * The command that, inside the sandbox, first listens on `127.0.0.1:port` of each relay (forwarding every
 * connection to the relay's unix socket), then starts `command` with the same stdio and environment, and
 * ends as it ends (same exit code, same signal). Runs under hintproof's own node, which the sandbox must
 * show. The relay binds its ports before the server starts, so egress tracing sees them as sandbox services.
 */
export function relayedCommand(
  command: string,
  args: readonly string[],
  relays: readonly Relay[],
): { command: string; args: string[] } {
  if (relays.length === 0) return { command, args: [...args] };
  const code =
    `(${relayMain.toString()})(require('node:net'), require('node:child_process'), ` +
    `${JSON.stringify(relays)}, process.argv.slice(1));`;
  return { command: process.execPath, args: ['-e', code, '--', command, ...args] };
}

/**
 * The relay launcher's body, run by `node -e` inside the sandbox: self-contained (it is serialised with
 * `toString()`), given its modules, the relays and the server's command line.
 */
function relayMain(
  net: typeof netModule,
  childProcess: typeof childProcessModule,
  relays: readonly Relay[],
  argv: readonly string[],
): void {
  const [command, ...args] = argv;
  let child: ChildProcess | undefined;
  let waiting = relays.length;
  const fail = (message: string): void => {
    process.stderr.write(`relay: ${message}\n`);
    process.exit(126);
  };
  const start = (): void => {
    if (command === undefined) return fail('no server command was given');
    const started = childProcess.spawn(command, args, { stdio: 'inherit' });
    child = started;
    started.once('error', (error) => fail(`could not start ${command}: ${error.message}`));
    started.once('exit', (code, signal) => {
      for (const name of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.removeAllListeners(name);
      if (signal !== null) process.kill(process.pid, signal);
      process.exit(code ?? 1);
    });
  };
  for (const name of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(name, () => (child ? child.kill(name) : process.exit(128 + 15)));
  }
  for (const relay of relays) {
    // Half-open both ways: a client that finishes sending still gets the whole answer.
    const listener = net.createServer({ allowHalfOpen: true }, (inbound) => {
      const outbound = net.connect({ path: relay.socket, allowHalfOpen: true });
      const cut = (): void => {
        inbound.destroy();
        outbound.destroy();
      };
      inbound.on('error', cut);
      outbound.on('error', cut);
      inbound.pipe(outbound);
      outbound.pipe(inbound);
    });
    listener.once('error', (error) => fail(`could not listen on 127.0.0.1:${relay.port}: ${error.message}`));
    listener.listen(relay.port, '127.0.0.1', () => {
      waiting -= 1;
      if (waiting === 0) start();
    });
  }
}
