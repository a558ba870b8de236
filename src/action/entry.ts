import { fileURLToPath } from 'node:url';
import { runAction } from './runAction.js';

/**
 * The GitHub Action's script (`action.yml` runs the built `dist/src/action/entry.js` of the installed package):
 * the step's environment in, hintproof's exit code out.
 */
process.exitCode = await runAction({
  env: process.env,
  cwd: process.cwd(),
  cli: fileURLToPath(new URL('../../../bin/hintproof.js', import.meta.url)),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
