/**
 * Which values of a client config's server entry are secrets, redacted from everything hintproof prints and
 * saves. A value is one when its env key (or the `${env:NAME}` it came from) names a credential, when it came
 * from an input (VS Code prompts for tokens), when it is a URL's password, or when it looks like a generated
 * credential. A user name, a path, a host or a port is not: redacting `root` turned `/root/.cache` into
 * `/[redacted]/.cache` in every message.
 */

/** Env keys whose values are credentials whatever they look like. */
const SECRET_KEY =
  /pass|pwd|secret|token|key|auth|credential|private|cookie|session|signature|salt|cert|dsn/i;

/** A value under `key` (an env key, or the variable it was read from) that must be redacted. */
export function isSecretValue(key: string, value: string): boolean {
  if (!isSecretLike(value)) return false;
  return SECRET_KEY.test(key) || looksGenerated(value);
}

/** Long enough, and not a flag or a small number: the least a redacted value must be. */
export function isSecretLike(value: string): boolean {
  return value.length >= 4 && !/^(true|false|yes|no|on|off|\d{1,6})$/i.test(value);
}

/**
 * A value that looks like a generated key or password: at least 8 characters, no whitespace, at least two of
 * lower case, upper case, digits and symbols, and neither a path, a URL, a host (with or without a port) nor
 * an address.
 */
function looksGenerated(value: string): boolean {
  if (value.length < 8 || /\s/.test(value)) return false;
  if (/^(~|\.{0,2}\/|[A-Za-z]:\\)/.test(value)) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return false;
  if (value.length < 64 && /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?$/.test(value) && /[.:]/.test(value))
    return false;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(value));
  return classes.length >= 2;
}
