import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';

/**
 * The server runs with its cwd in the sandbox, so a relative path the user typed (`node server.js {fs}`)
 * would no longer name the user's file. Words that name an existing file or directory relative to the
 * invocation directory are made absolute; options, placeholders and everything else pass unchanged.
 */
export function resolveCommandPaths(words: readonly string[], cwd: string): string[] {
  return words.map((word) => {
    if (word === '' || isAbsolute(word) || word.startsWith('-') || word.includes('{')) return word;
    const candidate = resolve(cwd, word);
    return existsSync(candidate) ? candidate : word;
  });
}
