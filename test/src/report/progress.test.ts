import { describe, expect, it } from 'vitest';
import { createLiveProgress } from '../../../src/report/createLiveProgress.js';
import { createSummaryReporter } from '../../../src/report/createSummaryReporter.js';
import { eventsFor, report } from './fixtures.js';

describe('live progress (TTY)', () => {
  it('rewrites one line per command with tool, count, contradictions and elapsed time, then erases it', () => {
    let clock = 1000;
    const written: string[] = [];
    const sink = createLiveProgress({ write: (text) => written.push(text), now: () => clock });
    const events = eventsFor();
    for (const event of events) {
      clock += 500;
      sink(event);
    }
    const lines = written.filter((text) => text.startsWith('\r\x1b[2K⋯'));
    expect(lines.length).toBeGreaterThan(events.filter((e) => e.type === 'observation').length);
    expect(lines[0]).toBe('\r\x1b[2K⋯ read_note · 0 of 25 commands · 0 contradictions · 0.5s');
    expect(lines.some((line) => /· 1 contradiction ·/.test(line))).toBe(true);
    expect(written.at(-1)).toBe('\r\x1b[2K');
  });
});

describe('--quiet summary reporter', () => {
  it('writes only the summary and the exit line, once, on end', () => {
    const written: string[] = [];
    const sink = createSummaryReporter({ write: (text) => written.push(text), color: false });
    for (const event of eventsFor()) sink(event);
    expect(written).toEqual([
      `3 hints contradicted in 3 of ${report.tools.length} tools (2 critical, 1 medium) · 10 consistent · 1 inconclusive\nExit 1: at least one hint is contradicted.\n`,
    ]);
  });
});
