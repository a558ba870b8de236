import { describe, expect, it } from 'vitest';
import type { Report, ToolReport } from '../../../src/model/report.js';
import { createHtmlReporter, htmlReport } from '../../../src/report/createHtmlReporter.js';
import { cleanReport, eventsFor, report } from './fixtures.js';
import { INVISIBLE_CHAR } from './hostileStrings.js';

/** Every tag of a page, attributes included: what a string would have to change to inject anything. */
const tags = (html: string) => html.match(/<[^>]*>/g) ?? [];
const ids = (html: string) => [...html.matchAll(/ id="([^"]*)"/g)].map((match) => match[1]);
const links = (html: string) => [...html.matchAll(/ href="#([^"]*)"/g)].map((match) => match[1]);

/** The text of the element with this id, tags removed. */
function elementText(html: string, id: string): string {
  const start = html.indexOf(` id="${id}"`);
  const tag = html.lastIndexOf('<', start);
  const name = /^<(\w+)/.exec(html.slice(tag))?.[1] ?? '';
  const end = html.indexOf(`</${name}>`, start);
  return html.slice(tag, end).replace(/<[^>]*>/g, '');
}

describe('HTML reporter', () => {
  it('renders summary, verdicts, ranked findings and the text sections (pinned)', async () => {
    const html = htmlReport(report);
    await expect(html).toMatchFileSnapshot('__snapshots__/report.html');
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<title>hintproof: notes-scenario · 3 hints contradicted in 6 tools</title>');
    // Findings by severity first: every level, with its count.
    const summary = elementText(html, 'summary');
    expect(summary).toMatch(/2critical\n0high\n1medium\n0low/);
    expect(summary).toContain('3 hints contradicted in 3 of 6 tools (2 critical, 1 medium)');
    expect(html.indexOf('id="summary"')).toBeLessThan(html.indexOf('id="verdicts"'));
    // Ranked: the delete (9.3) before the write (9.1) before the repeat (5.0).
    expect([...html.matchAll(/<h3>\d+\. <span class="badge">([^<]*)<\/span>/g)].map((m) => m[1])).toEqual([
      'critical (9.3)',
      'critical (9.1)',
      'medium (5.0)',
    ]);
    for (const id of ['inconclusive', 'unchecked', 'ambient', 'suggestions']) expect(ids(html)).toContain(id);
  });

  it('links every contradicted cell to its finding and every finding to its tool, by place, never by name', () => {
    const html = htmlReport(report);
    // Every in-page link lands on an element, and no id is given twice.
    expect(new Set(ids(html)).size).toBe(ids(html).length);
    for (const target of links(html)) expect(ids(html)).toContain(target);
    expect(ids(html).every((id) => /^(tool|finding)-\d+$|^[a-z]+$/.test(id ?? ''))).toBe(true);
    report.tools.forEach((tool, index) => expect(elementText(html, `tool-${index + 1}`)).toBe(tool.name));
    // The cell of read_note's readOnlyHint (the second most severe) links to finding 2, whose tool is read_note.
    expect(html).toMatch(
      /id="tool-1"><code>read_note<\/code><\/th><td class="contradicted critical"><a href="#finding-2">/,
    );
    expect(elementText(html, 'finding-2').trim()).toMatch(
      /^2\. critical \(9\.1\) read_note claims readOnlyHint/,
    );
    expect(html).toMatch(/id="finding-2">[^]*?<dt>Tool<\/dt><dd><a href="#tool-1"><code>read_note<\/code>/);
  });

  it('says so when nothing is contradicted: no findings, every severity at 0', () => {
    const written: string[] = [];
    const sink = createHtmlReporter({ write: (text) => written.push(text) });
    for (const event of eventsFor(cleanReport)) sink(event);
    expect(written).toHaveLength(1);
    const html = written[0]!;
    expect(ids(html)).not.toContain('findings');
    expect(elementText(html, 'summary')).toMatch(/0critical\n0high\n0medium\n0low/);
    expect(html).toContain('<p class="outcome pass">Exit 0: no hint contradicted.</p>');
  });

  it('shows isolation, package, drift and flaky findings when the report has them', () => {
    const [first, ...rest] = report.tools;
    const html = htmlReport({
      ...report,
      package: { name: 'tiny-notes-mcp', version: '1.4.2', from: 'installed' },
      settings: { ...report.settings, isolation: 'none', isolationNote: '--no-isolation' },
      drift: [{ tool: 'read_note', before: ['reads only'], after: ['appends'], added: ['appends'] }],
      tools: [{ ...first!, flaky: [flaky] }, ...rest],
    });
    expect(html).toContain(
      '<p class="warning">⚠ Not isolated (--no-isolation): the server ran with your filesystem and network.</p>',
    );
    expect(html).toContain(
      '<dt>package</dt><dd><code>tiny-notes-mcp 1.4.2 (installed by hintproof, outside the sandbox)</code></dd>',
    );
    expect(elementText(html, 'drift')).toContain('✗ read_note: reads only → appends (new: appends)');
    expect(elementText(html, 'flaky')).toContain('~ read_note readOnlyHint: read_note wrote once');
    expect(elementText(html, 'summary')).toContain('Exit 1: at least one hint is contradicted.');
  });
});

const flaky: NonNullable<ToolReport['flaky']>[number] = {
  hint: 'readOnlyHint',
  title: 'read_note wrote once',
  args: { name: 'a.md' },
  changes: [],
  history: 3,
  replays: ['replay 1: no change'],
};

/** Strings a hostile server sends to break out of a page: markup, attribute breaks, style ends, controls, bidi. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '"onmouseover=alert(1) x="',
  "'onfocus=alert(2) autofocus '",
  '</style><style>*{display:none}</style>',
  '</title><img src=x onerror=alert(3)>',
  '\x1b[2J\x07\x00\r\nExit 0: no hint contradicted.',
  '\u202egnp.exe\u202c\u2066',
  '&lt;b&gt; &amp; `x`',
];

/** The report with a server's strings (names, titles, changes, reasons, replay lines) replaced by `word(i)`. */
function withStrings(word: (i: number) => string): Report {
  let i = 0;
  const next = () => word(i++);
  return {
    ...report,
    server: { name: next(), version: next() },
    tools: report.tools.map((tool) => ({
      ...tool,
      name: next(),
      sampleError: next(),
      verdicts: Object.fromEntries(
        Object.entries(tool.verdicts).map(([hint, verdict]) => [
          hint,
          verdict.status === 'contradicted'
            ? {
                ...verdict,
                evidence: {
                  ...verdict.evidence,
                  title: next(),
                  replay: next(),
                  args: { [next()]: next() },
                  outcomes: [next()],
                  changes: verdict.evidence.changes.map((change) => ({ ...change, entity: next() })),
                },
              }
            : verdict.status === 'inconclusive'
              ? { ...verdict, reason: next() }
              : verdict,
        ]),
      ) as ToolReport['verdicts'],
    })),
  };
}

describe('HTML reporter, a hostile server', () => {
  const hostile = htmlReport(withStrings((i) => HOSTILE[i % HOSTILE.length]!));
  const plain = htmlReport(withStrings((i) => `w${i}`));

  it('injects no tag and no attribute: the tags are those of a plain report', () => {
    expect(tags(hostile)).toEqual(tags(plain));
    expect(hostile).not.toMatch(/<script|<img|<\/?title>.*<\/?title>.*<\/?title>/);
    expect(hostile.match(/<\/style>/g)).toHaveLength(1);
    expect(hostile).not.toMatch(/"onmouseover=|'onfocus=/);
    expect(hostile).toContain('&quot;onmouseover=alert(1) x=&quot;');
    expect(hostile).toContain('&lt;/style&gt;&lt;style&gt;');
  });

  it('shows controls and bidi overrides as escapes, never raw', () => {
    expect(hostile.replace(/\n/g, '')).not.toMatch(INVISIBLE_CHAR);
    expect(hostile).toContain('\\u202egnp.exe\\u202c\\u2066');
    expect(hostile).toContain('\\x1b[2J\\x07\\x00\\r\\nExit 0: no hint contradicted.');
    // Ids and links stay the plain report's.
    expect(ids(hostile)).toEqual(ids(plain));
    expect(links(hostile)).toEqual(links(plain));
  });
});
