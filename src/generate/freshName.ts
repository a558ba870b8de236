import fc from 'fast-check';

const SAFE_CHARACTERS = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
const EXTENSIONS = ['', '.txt', '.md', '.json'];
const PREFIX = 'hp-';

/** The shortest and longest names `freshName()` produces. */
export const FRESH_NAME_LENGTH = {
  min: PREFIX.length + 1,
  max: PREFIX.length + 5 + Math.max(...EXTENSIONS.map((extension) => extension.length)),
} as const;

/**
 * Short names that are safe in any file system and recognisable as hintproof's, for entities that do not exist
 * yet: `hp-k3x.txt`, `hp-a`. Shrinks towards `hp-a`.
 */
export function freshName(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.string({ unit: fc.constantFrom(...SAFE_CHARACTERS), minLength: 1, maxLength: 5 }),
      fc.constantFrom(...EXTENSIONS),
    )
    .map(([stem, extension]) => `${PREFIX}${stem}${extension}`);
}
