/** The most of an answer read to make its template (a template is a message's shape, not its data). */
const MAX_READ_CHARS = 4000;

/** The most of a template kept: enough to tell one message shape from another. */
const MAX_TEMPLATE_CHARS = 400;

/** Argument values shorter than this are not masked (a one-letter value would mask every such letter). */
const MIN_MASKED_CHARS = 2;

/** Where an argument value was echoed, in a template. */
const ECHO = '\u00b7';

/**
 * Pure: the shape of an answer once what the call put into it is masked: every string argument value (and each
 * `/`-separated part of one, and its JSON-quoted form) echoed in the text becomes `·`, every ASCII token with a
 * digit becomes `#` (counts, positions, generated ids), and runs of white space become one space. Two calls that
 * failed in the same words, whatever their arguments and whatever the language (`Fehler: Aufgabe · nicht
 * gefunden`), have the same template; results read from the state differ with it. Bounded.
 */
export function answerTemplate(text: string, args: unknown): string {
  let masked = text.slice(0, MAX_READ_CHARS);
  const values = echoable(args);
  for (const value of values.long) masked = masked.split(value).join(ECHO);
  // A one-letter value is masked only where it stands alone (`❌ k rejected`), not in every word holding it.
  for (const value of values.short) {
    masked = masked.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(value)}(?![\\p{L}\\p{N}])`, 'gu'), ECHO);
  }
  masked = masked
    .replace(/[A-Za-z0-9_.-]*\d[A-Za-z0-9_.-]*/g, '#')
    .replace(/\s+/g, ' ')
    .trim();
  return masked.slice(0, MAX_TEMPLATE_CHARS);
}

/**
 * The strings an answer may echo from `args`: those long enough to mask wherever they occur, longest first (so
 * a value is masked before its parts), and the one-character ones.
 */
function echoable(args: unknown): { long: string[]; short: string[] } {
  const values = new Set<string>();
  const short = new Set<string>();
  const add = (value: string) => {
    if (value.length >= MIN_MASKED_CHARS) values.add(value);
    else if (value.trim() !== '') short.add(value);
  };
  for (const value of leaves(args, 0)) {
    add(value);
    add(JSON.stringify(value).slice(1, -1));
    for (const part of value.split(/[/\\]/)) add(part);
  }
  return { long: [...values].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)), short: [...short] };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The string and number values in `args`, at most this deep and this many. */
const MAX_DEPTH = 6;
const MAX_LEAVES = 64;

function leaves(value: unknown, depth: number): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'bigint') return [String(value)];
  if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return [];
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.flatMap((child: unknown) => leaves(child, depth + 1)).slice(0, MAX_LEAVES);
}

/**
 * Two templates at least this alike (Dice coefficient of their character pairs) are one message shape: a
 * failure that echoes a fragment of its argument the masking missed (`Unexpected token 'x'`) stays in its class.
 */
const SAME_SHAPE = 0.85;

/** Pure: whether two templates are one message shape (equal, or alike to `SAME_SHAPE`). */
export function sameShape(a: string, b: string): boolean {
  return new ShapeComparer().same(a, b);
}

/**
 * Compares many templates, each one's character pairs counted once (a tool's answers are compared each with
 * each), and each comparison made once.
 */
export class ShapeComparer {
  readonly #pairs = new Map<string, Map<string, number>>();
  readonly #compared = new Map<string, boolean>();

  same(a: string, b: string): boolean {
    if (a === b) return true;
    if (a.length < 2 || b.length < 2) return false;
    const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
    let known = this.#compared.get(key);
    if (known === undefined) {
      known = dice(this.#pairsOf(a), this.#pairsOf(b), a.length + b.length - 2) >= SAME_SHAPE;
      this.#compared.set(key, known);
    }
    return known;
  }

  #pairsOf(text: string): Map<string, number> {
    let counts = this.#pairs.get(text);
    if (counts === undefined) {
      counts = new Map<string, number>();
      for (let i = 0; i < text.length - 1; i++) {
        const pair = text.slice(i, i + 2);
        counts.set(pair, (counts.get(pair) ?? 0) + 1);
      }
      this.#pairs.set(text, counts);
    }
    return counts;
  }
}

function dice(left: ReadonlyMap<string, number>, right: ReadonlyMap<string, number>, total: number): number {
  let shared = 0;
  for (const [pair, count] of left) shared += Math.min(count, right.get(pair) ?? 0);
  return (2 * shared) / total;
}
