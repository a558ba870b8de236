/** The caller's variables a server may see: what programs need to run, none of the caller's secrets. */
const INHERITED_VARIABLES = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'SYSTEMROOT',
] as const;

/**
 * The complete environment of a server: the allow-listed variables of the caller, then the user's own
 * `--env` values (which win).
 */
export function serverEnvironment(
  caller: Readonly<Record<string, string | undefined>>,
  user: Readonly<Record<string, string>>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED_VARIABLES) {
    const value = caller[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...user };
}
