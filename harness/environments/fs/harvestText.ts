import type { HarvestedValue } from '../environment.js';

/** Section names offered from one text file at most. */
export const TEXT_HARVEST_PER_FILE = 30;

/** Longest section name offered. */
const MAX_NAME_CHARS = 60;

/**
 * The forms of a line that names a section, each capturing the name: a Markdown heading (`## Today`), a
 * YAML-like top-level key that opens a block (`today:`), an INI or TOML table (`[later]`), an Org heading
 * (`* Inbox`, only when followed by a space and a word).
 */
const SECTION_LINES = [
  /^#{1,6}[ \t]+(.+?)[ \t#]*$/,
  /^([A-Za-z_][\w .-]*?):[ \t]*$/,
  /^\[([^\]\n]+)\][ \t]*$/,
  /^\*{1,3}[ \t]+([A-Za-z][^*\n]*?)[ \t]*$/,
];

/**
 * The names of the sections of a text file (Markdown headings, YAML-like block keys, INI tables), in order
 * and without duplicates, at most `TEXT_HARVEST_PER_FILE`: a tool that files an item under a section is
 * called with one (`section: "today"`), and so meets the document it writes into. Kind `name`. Pure.
 */
export function harvestText(text: string): HarvestedValue[] {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const bare = line.replace(/\r$/, '');
    for (const form of SECTION_LINES) {
      const name = form.exec(bare)?.[1]?.trim();
      if (name !== undefined && name !== '' && [...name].length <= MAX_NAME_CHARS) names.add(name);
    }
    if (names.size >= TEXT_HARVEST_PER_FILE) break;
  }
  return [...names].map((value) => ({ kind: 'name' as const, value }));
}
