import fc from 'fast-check';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { inertText } from '../../../src/model/inertText.js';
import { mdCellCode, mdCode, mdHtml, mdText } from '../../../src/report/markdownEscape.js';
import { hostileString } from './hostileStrings.js';

const html = (markdown: string) =>
  micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()], allowDangerousHtml: true });
/** The text of HTML that micromark escaped: `&`, `<`, `>` and `"` back. */
const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Strings as the Markdown reporter receives them: already inert (one line, no control character). */
const inert = hostileString.map(inertText);

describe('mdCode', () => {
  it('fences past the longest backtick run, and pads where the content touches a backtick', () => {
    expect(mdCode('read_note')).toBe('`read_note`');
    expect(mdCode('a`b')).toBe('``a`b``');
    expect(mdCode('`x')).toBe('`` `x ``');
    expect(mdCode('')).toBe('` `');
  });

  it('is exactly one code span showing the text as it is', () => {
    fc.assert(
      fc.property(
        inert.filter((text) => text.trim() !== ''),
        (text) => {
          const rendered = html(`x ${mdCode(text)} y`);
          const match = /^<p>x <code>(.*)<\/code> y<\/p>\n?$/s.exec(rendered);
          expect(match, rendered).not.toBeNull();
          expect(unescape(match![1]!)).toBe(text);
        },
      ),
      { seed: 42, numRuns: 500 },
    );
  });
});

describe('mdText', () => {
  it('keeps names readable: an underscore inside a word is not escaped', () => {
    expect(mdText('read_note')).toBe('read_note');
    expect(mdText('_x_ [a](b) <i>')).toBe('\\_x\\_ \\[a\\](b) \\<i\\>');
  });

  it('renders as the same text, in a paragraph and in a table cell, with no element of its own', () => {
    fc.assert(
      fc.property(
        inert.filter((text) => text.trim() !== ''),
        (text) => {
          const paragraph = html(`x ${mdText(text)} y`);
          const match = /^<p>x (.*) y<\/p>\n?$/s.exec(paragraph);
          expect(match, paragraph).not.toBeNull();
          expect(match![1]).not.toMatch(/</);
          expect(unescape(match![1]!)).toBe(text);
          const table = html(`| a | b |\n|---|---|\n| ${mdText(text)} | z |`);
          expect(table.match(/<td>/g), table).toHaveLength(2);
          expect(table).not.toMatch(/<(a|img|code|em|strong|del)\b/);
        },
      ),
      { seed: 42, numRuns: 500 },
    );
  });
});

describe('mdHtml', () => {
  it('leaves no tag or entity of its own inside a raw HTML block', () => {
    fc.assert(
      fc.property(inert, (text) => {
        const rendered = html(`<details><summary>${mdHtml(text)}</summary>\n\n</details>`);
        expect(rendered.match(/<[a-z]/g)).toHaveLength(2);
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe('mdCellCode', () => {
  it('is one code span in one cell, showing the text as it is', () => {
    fc.assert(
      fc.property(
        inert.filter((text) => text.trim() !== ''),
        (text) => {
          const table = html(`| a | b |\n|---|---|\n| ${mdCellCode(text)} | z |`);
          const cells = [...table.matchAll(/<td>(.*?)<\/td>/gs)].map((match) => match[1]);
          expect(cells, table).toHaveLength(2);
          const code = /^<code>(.*)<\/code>$/s.exec(cells[0]!);
          expect(code, table).not.toBeNull();
          expect(unescape(code![1]!)).toBe(text);
        },
      ),
      { seed: 42, numRuns: 500 },
    );
  });
});
