/**
 * Text placed in HTML so that it stays text. Strings from the server arrive already inert (`inertReport`: one
 * line, every control, bidi and invisible character shown as an escape); this keeps them from becoming markup.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/**
 * `&`, `<`, `>`, both quotes and the backtick as entities: safe as element text and as the value of a quoted
 * attribute, so no string can open a tag, close an element (`</style>`, `</textarea>`), end an attribute or
 * start an entity. Never for an unquoted attribute, a URL, a script or a style: nothing from the server goes
 * there.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => ENTITIES[char] ?? char);
}

/**
 * The id of the element for a tool, by its place in the report (`tool-3`): a server's tool name never becomes
 * an id or a fragment, so no name can collide with another element's id or break out of `href="#…"`.
 */
export function toolAnchor(index: number): string {
  return `tool-${index + 1}`;
}

/** The id of the n-th contradiction (1-based), in the ranked order the report lists them. */
export function findingAnchor(number: number): string {
  return `finding-${number}`;
}
