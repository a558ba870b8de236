import { findExecutable } from './findExecutable.js';

/** What a spawn is given (`SpawnOptions`). */
interface Spawn {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
}

let setpriv: string | null | undefined;

/** util-linux's `setpriv` on hintproof's own PATH, found once; `null` where there is none. */
function findSetpriv(): string | null {
  if (setpriv !== undefined) return setpriv;
  try {
    setpriv = findExecutable('setpriv', process.cwd(), process.env.PATH);
  } catch {
    setpriv = null;
  }
  return setpriv;
}

/**
 * The spawn run through `setpriv --pdeathsig KILL`, so that the process is killed the moment hintproof dies,
 * however it dies: a SIGKILL (an out-of-memory kill, a CI job's time-out) runs no exit handler, and a server
 * under strace, or under `unshare`, would run on for ever (bubblewrap's `--die-with-parent` watches its own
 * parent, which is then strace). setpriv sets the signal and execs the command in the same process (same pid,
 * same process group). Unchanged where setpriv is not on PATH, or the command is not found (the spawn then
 * fails as it would, with its own message).
 */
export function killedWithParent<T extends Spawn>(options: T): T {
  const wrapper = findSetpriv();
  if (wrapper === null) return options;
  try {
    findExecutable(options.command, options.cwd, options.env.PATH);
  } catch {
    return options;
  }
  return {
    ...options,
    command: wrapper,
    args: ['--pdeathsig', 'KILL', '--', options.command, ...options.args],
  };
}
