/** Looked for in the invocation directory, in this order, when `--config` is not given. */
export const CONFIG_NAMES = [
  'hintproof.config.ts',
  'hintproof.config.mts',
  'hintproof.config.js',
  'hintproof.config.mjs',
  'hintproof.config.json',
] as const;
