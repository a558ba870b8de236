import { normalisedName } from './sourceNames.js';

/**
 * Id-like tokens in free text: what a server shows only inside sentences or Markdown (`Erstellt: Aufgabe
 * k9x2`, `- [ ] #12 buy milk`, `Task **abc123** saved`, `id=7f3e9a01`, a UUID), ranked so that tokens that
 * look like identifiers come first and ordinary words do not flood the pool.
 */
export interface ProseId {
  /** `identifier` for id-like tokens; `name` for a quoted or emphasised word (`"groceries"`). */
  readonly kind: 'identifier' | 'name';
  readonly value: string;
  /**
   * The names it answers to (see `sourceNames`): its label's (`taskId: x9` → `taskid`; `id=7f` → `id`), and
   * the word just before it followed by `id` (`Task abc123` → `taskid`, `Aufgabe k9x2` → `aufgabeid`).
   */
  readonly names: readonly string[];
  /** How much it looks like an identifier: higher first. */
  readonly score: number;
}

/** Bounds: hostile text is normal input. */
export const PROSE_LIMITS = {
  /** Characters of an answer read at most (the rest is not looked at). */
  chars: 256 * 1024,
  /** Words read at most. */
  words: 20_000,
  /** Tokens offered per text at most, best first. */
  tokens: 12,
  /** Longest token offered. */
  tokenChars: 64,
};

/** Below this score a token is not offered: ordinary words, counts, dates, units. */
const MIN_SCORE = 30;

/**
 * Words: runs of Latin letters (with their accents), digits and `_.-`, or runs of letters of other scripts
 * (so `任务41` is `任务` then `41`, and `Einkäufe` one word). Two disjoint single character classes: linear,
 * no backtracking.
 */
const WORD = /[\p{Script=Latin}\p{Nd}_.-]+|[^\p{Script=Latin}\p{Nd}_.\-\p{P}\p{S}\p{Z}\p{C}]+/gu;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Words that label the next token as an identifier: `id`, `ID:`, `key=`, `ref`, `Nr`; and `taskId`, `note_id`. */
const ID_WORD = /^(?:id|ids|uuid|guid|key|ref|nr|no)$/i;
const ID_SUFFIX = /[a-z0-9](?:Id|ID|_id|_ID|-id)$/;

/** What may stand between a label and its value: nothing but spaces, `=`, `:`, `：`, `#`. */
const LABEL_GAPS = new Set(['', '=', ':', '：', '#']);

/** Marks just before a token that number it: `#12`, `＃12`, `№ 5`. */
const NUMBER_MARKS = new Set(['#', '＃', '№']);

/** Quotes and emphasis around a token: `` `x` ``, `**x**`, `"x"`, `'x'`, `«x»`, `「x」`, `“x”`. */
const OPENERS = new Set(['`', '*', '"', "'", '«', '「', '『', '“', '‘']);

/**
 * The id-like tokens of `text`, best first (then in order of appearance), without repeats, at most
 * `PROSE_LIMITS.tokens`; only the first `PROSE_LIMITS.chars` characters and `PROSE_LIMITS.words` words
 * are read. Pure.
 */
export function idsInProse(text: string, limits = PROSE_LIMITS): ProseId[] {
  const read = text.length > limits.chars ? text.slice(0, limits.chars) : text;
  const found = new Map<string, ProseId & { at: number }>();
  let previous: { word: string; end: number } | undefined;
  let count = 0;
  for (const match of read.matchAll(WORD)) {
    if (++count > limits.words) break;
    const start = match.index;
    const raw = match[0];
    const trimmed = trimEdges(raw);
    const value = trimmed.value;
    const at = start + trimmed.offset;
    const between = previous === undefined ? undefined : read.slice(previous.end, at);
    const token =
      value === '' || value.length > limits.tokenChars
        ? undefined
        : judge(value, read, at, previous?.word, between);
    if (token !== undefined && !found.has(token.value)) found.set(token.value, { ...token, at });
    previous = { word: value, end: at + value.length };
  }
  return [...found.values()]
    .sort((a, b) => b.score - a.score || a.at - b.at)
    .slice(0, limits.tokens)
    .map(({ at: _at, ...token }) => token);
}

/** A word without the punctuation at its edges (`k9x2.` → `k9x2`, `-v2` → `v2`), and where it now starts. */
function trimEdges(word: string): { value: string; offset: number } {
  let start = 0;
  let end = word.length;
  while (start < end && '.-_'.includes(word[start] as string)) start++;
  while (end > start && '.-_'.includes(word[end - 1] as string)) end--;
  return { value: word.slice(start, end), offset: start };
}

function judge(
  value: string,
  text: string,
  at: number,
  previousWord: string | undefined,
  between: string | undefined,
): ProseId | undefined {
  const before = text[at - 1];
  const after = text[at + value.length];
  const gap = between?.trim();
  const digits = /\d/.test(value);
  // `id=7f`, `id: 7f`, `ID 7f`, `taskId：x`; a word with no digit only after `=` or `:` (`no tasks` is no id).
  const labelled =
    previousWord !== undefined &&
    gap !== undefined &&
    (ID_WORD.test(previousWord) || ID_SUFFIX.test(previousWord)) &&
    LABEL_GAPS.has(gap) &&
    (digits || (gap !== '' && gap !== '#'));
  const mark = gap?.at(-1);
  const numbered =
    (before !== undefined && NUMBER_MARKS.has(before)) || (mark !== undefined && NUMBER_MARKS.has(mark));
  const quoted = before !== undefined && OPENERS.has(before);
  const names = namesOf(previousWord, labelled, gap);
  if (!digits && !labelled) {
    // An ordinary word: offered only quoted or emphasised, as a name (`"groceries"`, `「買い物」`).
    return quoted && value.length > 1 && /^\p{L}/u.test(value)
      ? { kind: 'name', value, names, score: 35 }
      : undefined;
  }
  // A clock or a ratio (`10:30`, `3:1`): digits glued to a colon.
  const clock = !/[A-Za-z]/.test(value) && (before === ':' || after === ':') && !labelled;
  const score = clock ? 0 : shapeScore(value, numbered || labelled) + (quoted ? 10 : 0) + (labelled ? 15 : 0);
  return score < MIN_SCORE ? undefined : { kind: 'identifier', value, names, score };
}

/**
 * How much a token's own shape says "identifier": a UUID, long hex, letters mixed with digits (`k9x2`,
 * `t-7q2w`), a number given as one (`#41`, `id 7`); other numbers, dates, versions and units (`10ms`, `3rd`)
 * score low.
 */
function shapeScore(value: string, markedAsId: boolean): number {
  if (UUID.test(value)) return 100;
  const letters = /[A-Za-z]/.test(value);
  const digits = /\d/.test(value);
  if (!digits) return markedAsId ? 60 : 0;
  if (!letters) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value) || /^\d+(?:\.\d+)+$/.test(value)) return markedAsId ? 40 : 5;
    return /^\d+$/.test(value) ? (markedAsId ? 75 : 30) : 25;
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return 5;
  if (/^[0-9a-f]{8,}$/i.test(value)) return 85;
  if (/^v?\d+(?:\.\d+)+[a-z]*$/i.test(value)) return 10;
  // A number with a unit or an ordinal: `10ms`, `5GB`, `3rd`, `2x`.
  if (/^\d+(?:\.\d+)?[A-Za-z]{1,3}$/.test(value)) return markedAsId ? 60 : 15;
  return value.length >= 3 ? 70 : 35;
}

/** The names a token answers to: its label's, or the word before it with `id` (`Task abc1` → `taskid`). */
function namesOf(previousWord: string | undefined, labelled: boolean, gap: string | undefined): string[] {
  if (previousWord === undefined || gap === undefined) return [];
  const word = normalisedName(previousWord);
  if (word === '' || /\d/.test(word)) return [];
  if (labelled) return [word];
  if (gap !== '' && gap !== ':' && gap !== '#' && gap !== '：' && !/^[*`"'«「『“‘]+$/.test(gap)) return [];
  return [`${word}id`];
}
