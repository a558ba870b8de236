import picocolors from 'picocolors';
import type { EngineEvent, EventSink } from '../model/events.js';
import { formatArgs } from './formatArgs.js';
import { formatHeader } from './formatHeader.js';
import { formatObservation } from './formatObservation.js';
import { formatProgressLine } from './formatProgressLine.js';
import { formatReportText } from './formatReportText.js';
import { inertEvent } from './inertEvent.js';
import type { Severity } from '../model/report.js';

export interface TextReporterOptions {
  /** Receives the text, whole lines at a time, each ending with `\n`. */
  readonly write: (text: string) => void;
  /** ANSI colours; the CLI turns them on for a TTY. */
  readonly color: boolean;
  /** One line per tool as it finishes. */
  readonly progress: boolean;
  /** One line per command: arguments, outcomes and changes of both calls. */
  readonly verbose?: boolean;
  /** The hintproof version for the header line; omitted from it when not given. */
  readonly version?: string;
  /** `--fail-on`: the least severity that fails the run, for the exit-status line (default: low). */
  readonly failOn?: Severity;
}

/**
 * The human report (every event made inert first: `inertEvent`): a header on `start`, optional progress and verbose lines while tools run, and on `end` the
 * verdict table, every contradiction with its replay command, and a summary. Writes only through `write`.
 */
export function createTextReporter(options: TextReporterOptions): EventSink {
  const colors = picocolors.createColors(options.color);
  let nameWidth = 0;
  let wroteSinceHeader = false;
  const writeLine = (line: string): void => {
    options.write(`${line}\n`);
    wroteSinceHeader = true;
  };

  return (raw: EngineEvent): void => {
    if (raw.type === 'tool-start' || raw.type === 'contradiction') return;
    if ((raw.type === 'observation' || raw.type === 'invalid-arguments') && options.verbose !== true) return;
    // The one place where server strings become inert for the terminal.
    const event = inertEvent(raw);
    switch (event.type) {
      case 'start':
        nameWidth = Math.max(0, ...event.tools.map((tool) => tool.name.length));
        options.write(`${formatHeader(event, options.version, colors).join('\n')}\n\n`);
        wroteSinceHeader = false;
        return;
      case 'observation':
        if (options.verbose === true) writeLine(formatObservation(event.observation, colors, event.preamble));
        return;
      case 'tool-end':
        if (options.progress) writeLine(formatProgressLine(event.tool, nameWidth, colors));
        return;
      case 'end':
        options.write(
          `${wroteSinceHeader ? '\n' : ''}${formatReportText(event.report, colors, options.failOn)}`,
        );
        return;
      case 'invalid-arguments':
        if (options.verbose === true) {
          writeLine(
            `    ${event.tool} ${colors.dim(formatArgs(event.args))} → not sent: ${colors.yellow(event.errors)}`,
          );
        }
        return;
    }
  };
}
