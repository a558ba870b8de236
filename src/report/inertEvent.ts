import type { EngineEvent } from '../model/events.js';
import type { Report } from '../model/report.js';
import { inertLoose, inertText } from '../model/inertText.js';
import { serverText } from '../model/serverText.js';

/** Command lines (`command`, `replay`): shell quoting keeps its backslashes; invisible characters are escaped. */
const COMMAND_KEYS: ReadonlySet<string> = new Set(['command', 'replay']);
/**
 * Left as they are: tool arguments are shown only through `formatArgs`, whose JSON escapes them itself, and
 * structured results are never shown.
 */
const DATA_KEYS: ReadonlySet<string> = new Set(['args', 'structuredContent']);
/**
 * The most of one string shown (a sample of a failure is 4,000 at most already): a server's name, a tool's
 * name or description past it ends in `… (N more bytes)`. Command lines are whole: they must replay.
 */
const SHOWN_CHARS = 4000;
/** Deeper than this nothing is shown (events are shallow; only a server's data nests without end). */
const MAX_DEPTH = 32;

/**
 * The event with every string in it inert (`inertText`: control, bidi and invisible characters escaped, one
 * line each) and bounded (`SHOWN_CHARS`, command lines excepted), object keys included. Each display reporter (text, progress, Markdown, JUnit, SARIF) passes
 * every event through this first and formats what comes out, so no string a server chose (tool and server
 * names, descriptions, error texts, entity paths, egress destinations) reaches a terminal or a report raw,
 * whatever field it travels in.
 */
export function inertEvent<E extends EngineEvent>(event: E): E {
  return inertValue(event, (text) => serverText(text, SHOWN_CHARS), 0) as E;
}

/** The report with every string in it inert, as `inertEvent` makes an `end` event's. */
export function inertReport(report: Report): Report {
  return inertEvent({ type: 'end', report }).report;
}

function inertValue(value: unknown, escape: (text: string) => string, depth: number): unknown {
  if (typeof value === 'string') return escape(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.map((item: unknown) => inertValue(item, escape, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[inertText(key)] = DATA_KEYS.has(key)
      ? item
      : inertValue(item, COMMAND_KEYS.has(key) ? inertLoose : escape, depth + 1);
  }
  return copy;
}
