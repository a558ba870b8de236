import { INVISIBLE } from '../model/inertText.js';

/**
 * Quotes one argument for a POSIX shell, only when it needs it: `{fs}` and plain words stay readable. An
 * argument holding a control or invisible character (a hostile tool name) is written in ANSI-C quoting,
 * `$'a\x1bb'`, which bash, zsh, ksh and POSIX.1-2024 sh read back to the same bytes: so a printed replay
 * command never carries a raw control character, and still replays the same tool.
 */
export function shellQuote(arg: string): string {
  if (arg !== '' && /^[A-Za-z0-9_\-./:=@%+,{}]+$/.test(arg)) return arg;
  if (new RegExp(INVISIBLE.source, 'u').test(arg)) return ansiCQuote(arg);
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function shellJoin(args: readonly string[]): string {
  return args.map(shellQuote).join(' ');
}

function ansiCQuote(arg: string): string {
  const body = arg
    .replace(/[\\']/g, (char) => `\\${char}`)
    .replace(INVISIBLE, (char) => {
      const code = char.codePointAt(0) ?? 0;
      const hex = code.toString(16);
      if (code <= 0x7f) return `\\x${hex.padStart(2, '0')}`;
      return code <= 0xffff ? `\\u${hex.padStart(4, '0')}` : `\\U${hex.padStart(8, '0')}`;
    });
  return `$'${body}'`;
}
