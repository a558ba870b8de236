import { SetupError } from '../model/setupError.js';

/** Variables that say where a server keeps its files: hintproof must see what it writes there. */
const LOCATION_VARIABLES = [
  'HOME',
  'TMPDIR',
  'TMP',
  'TEMP',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_STATE_HOME',
  'XDG_CACHE_HOME',
] as const;

/**
 * Refuses `--env` values that would move a server's files where no snapshot looks: each location variable
 * must start with a sandbox placeholder (`{fs}`, `{home}`, `{tmp}`). Without it the server's private HOME and
 * TMPDIR apply (and under isolation any other HOME would be hidden or read-only, so its writes would vanish
 * or fail unseen).
 */
export function checkSandboxedEnv(env: Readonly<Record<string, string>>): void {
  for (const name of LOCATION_VARIABLES) {
    const value = env[name];
    if (value === undefined || /^\{(?:fs|home|tmp)\}(?:\/|$)/.test(value)) continue;
    throw new SetupError(
      `--env ${name}=${value}: ${name} must lie inside the sandbox, where hintproof sees what the server writes. ` +
        `Use {home} (the private HOME, seeded with --home DIR), {tmp}, or a path under {fs}, e.g. --env ${name}={fs}/.${name.toLowerCase()}; ` +
        'or leave it out: the server gets a private HOME and TMPDIR of its own.',
    );
  }
}
