import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, findingAnchor, toolAnchor } from '../../../src/report/htmlEscape.js';

/** What a browser reads back from an escaped text or quoted attribute value (the entities escapeHtml writes). */
const unescape = (html: string) =>
  html.replace(/&(amp|lt|gt|quot|#39|#96);/g, (_, name: string) =>
    name === 'amp'
      ? '&'
      : name === 'lt'
        ? '<'
        : name === 'gt'
          ? '>'
          : name === 'quot'
            ? '"'
            : name === '#39'
              ? "'"
              : '`',
  );

describe('escapeHtml', () => {
  it('turns every character that could open a tag, end an attribute or start an entity into an entity', () => {
    expect(escapeHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(escapeHtml('"onmouseover=alert(1) x=\'')).toBe('&quot;onmouseover=alert(1) x=&#39;');
    expect(escapeHtml('</style><style>*{display:none}')).toBe('&lt;/style&gt;&lt;style&gt;*{display:none}');
    expect(escapeHtml('&lt; `x`')).toBe('&amp;lt; &#96;x&#96;');
    expect(escapeHtml('read_note ✓ 文字')).toBe('read_note ✓ 文字');
  });

  it('leaves no markup character in any string, and reads back to the string exactly', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const escaped = escapeHtml(text);
        expect(escaped).not.toMatch(/[<>"'`]/);
        // Every & starts one of the entities written here, so none of the text's own can be read as one.
        expect(escaped.replace(/&(amp|lt|gt|quot|#39|#96);/g, '')).not.toContain('&');
        expect(unescape(escaped)).toBe(text);
      }),
    );
  });
});

describe('anchors', () => {
  it('are made from places in the report, one per place', () => {
    expect([0, 1, 9].map(toolAnchor)).toEqual(['tool-1', 'tool-2', 'tool-10']);
    expect(findingAnchor(3)).toBe('finding-3');
  });
});
