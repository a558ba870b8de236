import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SetupError } from '../model/setupError.js';
import type { Io } from './io.js';
import { starterConfig } from '../config/starterConfig.js';

/** `hintproof init [file]`: writes the starter, never over an existing file. */
export function init(file: string | undefined, io: Io): number {
  const target = resolve(io.cwd, file ?? 'hintproof.config.ts');
  if (existsSync(target)) {
    throw new SetupError(
      `init: ${target} already exists; nothing was written. Edit it, or remove it and run init again.`,
    );
  }
  writeFileSync(target, starterConfig());
  io.stdout(`Wrote ${target}. Set server.command and environments, then run: hintproof check\n`);
  return 0;
}
