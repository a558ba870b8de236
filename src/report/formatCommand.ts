/** Arguments that need no quoting in a POSIX shell (placeholders such as `{fs}` included). */
const SAFE_ARG = /^[\w@%+=:,./{}-]+$/;

/** The checked command as one line a user can paste: arguments with spaces or shell characters single-quoted. */
export function formatCommand(command: readonly string[]): string {
  return command.map(quoteArg).join(' ');
}

function quoteArg(arg: string): string {
  return SAFE_ARG.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}
