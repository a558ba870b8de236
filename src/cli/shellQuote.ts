/** Quotes one argument for a POSIX shell, only when it needs it: `{fs}` and plain words stay readable. */
export function shellQuote(arg: string): string {
  if (arg !== '' && /^[A-Za-z0-9_\-./:=@%+,{}]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function shellJoin(args: readonly string[]): string {
  return args.map(shellQuote).join(' ');
}
