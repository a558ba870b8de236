import { readFileSync } from 'node:fs';

/** The uid and gid to run Postgres as: `undefined` when hintproof is not root (it runs as itself). */
export function unprivilegedUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const passwd = readFileSync('/etc/passwd', 'utf8');
  for (const name of ['postgres', 'nobody']) {
    const line = passwd.split('\n').find((entry) => entry.startsWith(`${name}:`));
    const [, , uid, gid] = line?.split(':') ?? [];
    if (uid !== undefined && gid !== undefined) return { uid: Number(uid), gid: Number(gid) };
  }
  throw new Error(
    'pg: initdb and postgres refuse to run as root, and no unprivileged user (postgres or nobody) exists in ' +
      '/etc/passwd to run them as. Run hintproof as a normal user, create one (useradd postgres), or use ' +
      '--pg-provider url --pg-url postgres://… with an existing server.',
  );
}
