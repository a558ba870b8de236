import type { EngineEvent, EventSink } from '../model/events.js';
import { orderReport } from './orderReport.js';

export interface JsonReporterOptions {
  /** Receives the whole report once, on `end`, as pretty-printed JSON ending with `\n`. */
  readonly write: (json: string) => void;
}

/** The machine report (`--json FILE`): on `end`, the Report with its keys in the order of the stable contract. */
export function createJsonReporter(options: JsonReporterOptions): EventSink {
  return (event: EngineEvent): void => {
    if (event.type === 'end') options.write(`${JSON.stringify(orderReport(event.report), null, 2)}\n`);
  };
}
