import { execFile } from 'node:child_process';

/** How an npm command ended: its exit code (`null` when killed) and what it printed. */
export interface NpmResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Set when npm did not finish within the time allowed. */
  readonly timedOut?: boolean;
}

/**
 * Runs `npm <args>` in `cwd` with the caller's environment (registry settings and credentials apply: this
 * runs outside any sandbox, as npx itself would) and resolves to how it ended. Never rejects for a failing
 * npm; rejects only when npm cannot be started at all.
 */
export function runNpm(
  npm: string,
  args: readonly string[],
  options: { cwd: string; env: Readonly<Record<string, string | undefined>>; timeoutMs: number },
): Promise<NpmResult> {
  return new Promise((resolve, reject) => {
    execFile(
      npm,
      [...args],
      {
        cwd: options.cwd,
        env: { ...options.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' },
        timeout: options.timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 16 * 1024 * 1024,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        if (error === null) return resolve({ code: 0, stdout, stderr });
        const failure = error as NodeJS.ErrnoException & { code?: unknown; killed?: boolean };
        if (typeof failure.code === 'string' && failure.code === 'ENOENT')
          return reject(new Error(`Could not start ${npm}: ${failure.message}`));
        resolve({
          code: typeof failure.code === 'number' ? failure.code : null,
          stdout,
          stderr,
          ...(failure.killed ? { timedOut: true } : {}),
        });
      },
    );
  });
}

/** npm's own error lines (`npm error …`), without the log-file pointer; at most `limit` of them. */
export function npmErrorLines(stderr: string, limit = 12): string[] {
  const lines = stderr
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => /^npm (error|ERR!)/.test(line) && !/A complete log of this run/.test(line))
    .map((line) => line.replace(/^npm (error|ERR!)\s?/, ''))
    .filter((line) => line.trim() !== '');
  if (lines.length > 0) return lines.slice(0, limit);
  return stderr
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-limit);
}

/** The packages npm says it did not run install scripts for (`npm warn install-scripts  pkg@1.0.0 (…)`). */
export function skippedScripts(stderr: string): string[] {
  const found = new Set<string>();
  for (const line of stderr.split('\n')) {
    const match = /^npm warn install-scripts\s+(\S+@\S+)\s+\(/.exec(line);
    if (match?.[1] !== undefined) found.add(match[1]);
  }
  return [...found].sort();
}
