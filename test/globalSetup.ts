import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * End-to-end tests run the built CLI (`bin/hintproof.js` → `dist/`), exactly as a user would, so the suite
 * builds once before any test file runs. Set HINTPROOF_SKIP_BUILD=1 to reuse an existing build.
 */
export default function setup(): void {
  if (process.env.HINTPROOF_SKIP_BUILD === '1') return;
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
}
