/**
 * The refs in a `packed-refs` file: `oid refname` lines; `#` lines are its header and `^oid` lines peel the
 * tag above them (kept as `refname^{}`). Pure.
 */
export function readPackedRefs(text: string): Map<string, string> {
  const refs = new Map<string, string>();
  let last: string | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    if (line.startsWith('^') && last !== undefined) {
      refs.set(`${last}^{}`, line.slice(1).trim());
      continue;
    }
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    last = line.slice(space + 1).trim();
    refs.set(last, line.slice(0, space));
  }
  return refs;
}

/** A loose ref file's value: an object id, or `ref: refs/heads/main` for a symbolic ref (HEAD), trimmed. */
export function readLooseRef(text: string): string {
  return text.trim();
}
