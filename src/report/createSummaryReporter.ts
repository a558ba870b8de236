import picocolors from 'picocolors';
import type { EngineEvent, EventSink } from '../model/events.js';
import { formatSummary } from './formatSummary.js';
import { inertReport } from './inertEvent.js';
import type { Severity } from '../model/report.js';

/** `--quiet`: on `end`, only the summary and the exit-status line. */
export function createSummaryReporter(options: {
  write: (text: string) => void;
  color: boolean;
  /** `--fail-on`: the least severity that fails the run (default: low). */
  failOn?: Severity;
}): EventSink {
  const colors = picocolors.createColors(options.color);
  return (event: EngineEvent): void => {
    if (event.type === 'end')
      options.write(`${formatSummary(inertReport(event.report), colors, options.failOn).join('\n')}\n`);
  };
}
