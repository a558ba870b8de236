import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** hintproof's own version, read from the nearest package.json named "hintproof" (works from src/ and dist/). */
export const VERSION: string = findVersion();

function findVersion(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth++) {
    const candidate = join(directory, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'hintproof' && pkg.version) return pkg.version;
    }
    directory = dirname(directory);
  }
  return '0.0.0-unknown';
}
