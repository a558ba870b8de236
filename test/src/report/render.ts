import type { EngineEvent, EventSink } from '../../../src/model/events.js';

/** Feeds events to a reporter built on a collecting sink and returns everything it wrote. */
export function render(
  create: (write: (text: string) => void) => EventSink,
  events: readonly EngineEvent[],
): string {
  const chunks: string[] = [];
  const reporter = create((text) => chunks.push(text));
  for (const event of events) reporter(event);
  return chunks.join('');
}
