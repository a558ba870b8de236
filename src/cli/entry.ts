import { main } from './main.js';

/** The process entry point: wires the CLI to the real process, and ends it on Ctrl-C with clean-up. */
export async function startCli(): Promise<void> {
  // `hintproof check … | head` closes the pipe early: that is not an error worth a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stderr.write(
        `\nhintproof: interrupted (${signal}); stopping servers and removing sandboxes.\n`,
      );
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
  const code = await main(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    isTty: process.stdout.isTTY === true,
    env: process.env,
    randomSeed: () => Math.floor(Math.random() * 2 ** 31),
    cwd: process.cwd(),
    now: () => performance.now(),
  });
  process.exitCode = code;
}
