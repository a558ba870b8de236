import fc from 'fast-check';

/**
 * Strings aimed at an ECMA-262 `pattern` (unanchored, as JSON Schema reads it), by fast-check's
 * `stringMatching`. Look-arounds, which `stringMatching` cannot build, are dropped: the strings then match a
 * looser pattern and the caller filters them against the real one. `undefined` when the pattern is not a
 * valid regular expression or uses another construct `stringMatching` refuses (back-references).
 */
export function patternArbitrary(pattern: string): fc.Arbitrary<string> | undefined {
  for (const source of [pattern, withoutLookarounds(pattern)]) {
    for (const flags of ['u', '']) {
      try {
        const arbitrary = fc.stringMatching(new RegExp(source, flags));
        fc.sample(arbitrary, { seed: 1, numRuns: 1 });
        return arbitrary;
      } catch {
        // Try the next, looser form.
      }
    }
  }
  return undefined;
}

/** The pattern without `(?=…)`, `(?!…)`, `(?<=…)` and `(?<!…)` groups (balanced parentheses, escapes kept). */
function withoutLookarounds(pattern: string): string {
  let result = '';
  for (let index = 0; index < pattern.length; index++) {
    const rest = pattern.slice(index);
    if (!/^\((?:\?=|\?!|\?<=|\?<!)/.test(rest)) {
      const character = pattern[index] ?? '';
      result += character;
      if (character === '\\') result += pattern[++index] ?? '';
      continue;
    }
    let depth = 0;
    for (; index < pattern.length; index++) {
      const character = pattern[index];
      if (character === '\\') index++;
      else if (character === '(') depth++;
      else if (character === ')' && --depth === 0) break;
    }
  }
  return result;
}
