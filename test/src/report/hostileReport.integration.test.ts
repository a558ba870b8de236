import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../src/model/events.js';
import type { Report } from '../../../src/model/report.js';
import { createJsonReporter } from '../../../src/report/createJsonReporter.js';
import { createLiveProgress } from '../../../src/report/createLiveProgress.js';
import { createHtmlReporter } from '../../../src/report/createHtmlReporter.js';
import { createMarkdownReporter } from '../../../src/report/createMarkdownReporter.js';
import { createJunitReporter } from '../../../src/report/createJunitReporter.js';
import { createSarifReporter } from '../../../src/report/createSarifReporter.js';
import { createSummaryReporter } from '../../../src/report/createSummaryReporter.js';
import { createTextReporter } from '../../../src/report/createTextReporter.js';
import { orderReport } from '../../../src/report/orderReport.js';
import { eventsFor, reportWithFinding } from './fixtures.js';
import { hostileString, INVISIBLE_CHAR } from './hostileStrings.js';
import { render } from './render.js';

/** Discriminants and settings hintproof itself chose: a server cannot put text there. */
const OURS = new Set(['type', 'status', 'kind', 'environment', 'isolation', 'hintproof']);

/** A deep copy with every string a server could have chosen replaced by `f(string)`, argument keys included. */
function mapStrings(value: unknown, f: (text: string) => string, key = '', inArgs = false): unknown {
  if (typeof value === 'string') return OURS.has(key) ? value : f(value);
  if (Array.isArray(value)) return value.map((item: unknown) => mapStrings(item, f, key, inArgs));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, item]) => [
      inArgs ? f(k) : k,
      mapStrings(item, f, k, inArgs || k === 'args'),
    ]),
  );
}

/**
 * The fixture's events with each distinct string replaced by a hostile one, and a twin where each distinct
 * hostile string is a plain word instead (`w0`, `w1`…; empty stays empty): the same report in structure.
 */
const hostileEvents = fc.array(hostileString, { minLength: 120, maxLength: 120 }).map((pool) => {
  const hostile = new Map<string, string>();
  const hostileOf = (text: string) => {
    if (!hostile.has(text)) hostile.set(text, pool[hostile.size % pool.length]!);
    return hostile.get(text)!;
  };
  // With a closed-world finding too: its answers are the server's text, shown whole in every reporter.
  const events = mapStrings(eventsFor(reportWithFinding), hostileOf) as EngineEvent[];
  const plain = new Map<string, string>();
  const plainOf = (text: string) => {
    if (!plain.has(text)) plain.set(text, text === '' ? '' : `w${plain.size}`);
    return plain.get(text)!;
  };
  return { events, twin: mapStrings(events, plainOf) as EngineEvent[] };
});

const reportOf = (events: readonly EngineEvent[]): Report =>
  (events.find((event) => event.type === 'end') as Extract<EngineEvent, { type: 'end' }>).report;

const text = (events: readonly EngineEvent[]) =>
  render(
    (write) => createTextReporter({ write, color: false, progress: true, verbose: true, version: '0.1.0' }),
    events,
  );

const markdownHtml = (events: readonly EngineEvent[]) =>
  micromark(
    render((write) => createMarkdownReporter({ write }), events),
    { extensions: [gfm()], htmlExtensions: [gfmHtml()], allowDangerousHtml: true },
  );

/** The element structure of HTML: its tags in order, without attributes or text. */
const tags = (html: string) => html.match(/<\/?[a-z][a-z0-9]*/gi) ?? [];

const RUNS = { seed: 42, numRuns: 60 };

describe('reports of a hostile server (every name, text, path and argument chosen to break out)', () => {
  it('text: no control character reaches the terminal, and the lines are those of a plain report', () => {
    fc.assert(
      fc.property(hostileEvents, ({ events, twin }) => {
        const shown = text(events);
        expect(shown.replace(/\n/g, '')).not.toMatch(INVISIBLE_CHAR);
        expect(shown.split('\n').length).toBe(text(twin).split('\n').length);
        // The closing lines are hintproof's own, and nothing else says how the run ended.
        expect(shown.trimEnd().split('\n').at(-1)).toBe('Exit 1: at least one hint is contradicted.');
        expect(shown.match(/^Exit \d/gm)).toHaveLength(1);
      }),
      RUNS,
    );
  });

  it('live progress and --quiet: only their own erase sequence, nothing from the server', () => {
    fc.assert(
      fc.property(hostileEvents, ({ events }) => {
        const live = render((write) => createLiveProgress({ write, now: () => 0 }), events);
        expect(live.replaceAll('\r\x1b[2K', '')).not.toMatch(INVISIBLE_CHAR);
        const quiet = render((write) => createSummaryReporter({ write, color: false }), events);
        expect(quiet.replace(/\n/g, '')).not.toMatch(INVISIBLE_CHAR);
      }),
      RUNS,
    );
  });

  it('Markdown: renders to the same elements as a plain report (no cell, span, link or tag injected)', () => {
    fc.assert(
      fc.property(hostileEvents, ({ events, twin }) => {
        const markdown = render((write) => createMarkdownReporter({ write }), events);
        expect(markdown.replace(/\n/g, '')).not.toMatch(INVISIBLE_CHAR);
        expect(tags(markdownHtml(events))).toEqual(tags(markdownHtml(twin)));
      }),
      RUNS,
    );
  });

  it('HTML: the same tags, attributes included, as a plain report (no element, attribute or id injected)', () => {
    const page = (events: readonly EngineEvent[]) => render((write) => createHtmlReporter({ write }), events);
    fc.assert(
      fc.property(hostileEvents, ({ events, twin }) => {
        const html = page(events);
        expect(html.replace(/\n/g, '')).not.toMatch(INVISIBLE_CHAR);
        expect(html.match(/<[^>]*>/g)).toEqual(page(twin).match(/<[^>]*>/g));
      }),
      RUNS,
    );
  });

  it('JUnit: well-formed XML with the same test cases as a plain report', () => {
    fc.assert(
      fc.property(hostileEvents, ({ events, twin }) => {
        const xml = render((write) => createJunitReporter({ write }), events);
        expect(XMLValidator.validate(xml)).toBe(true);
        expect(xml.replace(/[\n\r\t]/g, '')).not.toMatch(INVISIBLE_CHAR);
        const cases = (s: string) => s.match(/<testcase /g)?.length;
        expect(cases(xml)).toBe(cases(render((write) => createJunitReporter({ write }), twin)));
      }),
      RUNS,
    );
  });

  it('SARIF: valid JSON whose texts hold no control character', () => {
    fc.assert(
      fc.property(hostileEvents, ({ events }) => {
        const sarif = render((write) => createSarifReporter({ write, version: '0.1.0' }), events);
        const strings: string[] = [];
        JSON.parse(
          sarif,
          (_key, value: unknown) => (typeof value === 'string' && strings.push(value), value),
        );
        expect(strings.join('')).not.toMatch(INVISIBLE_CHAR);
      }),
      RUNS,
    );
  });

  it('JSON: valid, and reads back to exactly what the server sent', () => {
    fc.assert(
      fc.property(hostileEvents, ({ events }) => {
        const json = render((write) => createJsonReporter({ write }), events);
        expect(JSON.parse(json)).toEqual(orderReport(reportOf(events)));
      }),
      RUNS,
    );
  });
});
