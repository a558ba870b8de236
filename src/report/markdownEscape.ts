/**
 * Text placed in Markdown so that it stays text, whatever it holds. Strings arrive already inert (one line, no
 * control characters: `inertEvent`); these functions keep them from becoming Markdown or HTML syntax.
 */

/**
 * A code span that no content can close: the fence is one backtick longer than the longest run inside, and
 * padded with spaces (which CommonMark strips) when the content begins or ends with a backtick or a space.
 * Not for table cells (use `mdCellCode` there: a `|` would split the cell).
 */
export function mdCode(text: string): string {
  if (text === '') return '` `';
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = /^[` ]|[` ]$/.test(text) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * A code span inside a GFM table cell: `mdCode`, with each `|` escaped as `\|` (GFM unescapes it inside the
 * cell, code spans included), so the cell cannot be split.
 */
export function mdCellCode(text: string): string {
  return mdCode(text).replace(/\|/g, '\\|');
}

/**
 * Plain text that Markdown leaves as text: every character that can open syntax inline is backslash-escaped
 * (CommonMark allows it for any ASCII punctuation): code spans, emphasis and strike-through, links, images,
 * autolinks (`:`, `@`, `www.`), HTML tags and entities, table pipes. An underscore inside a word cannot open
 * emphasis and stays as it is, so `read_note` reads as itself. Safe in table cells and list items.
 */
export function mdText(text: string): string {
  return text
    .replace(/[\\`*[\]<>&|!#~:@]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, (char) => `\\${char}`)
    .replace(/(www)\./gi, '$1\\.');
}

/** Text inside raw HTML (the `<summary>` of a `<details>` block): `&`, `<`, `>` and quotes as entities. */
export function mdHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
