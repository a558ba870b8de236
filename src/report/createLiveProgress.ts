import type { EngineEvent, EventSink } from '../model/events.js';
import { inertEvent } from './inertEvent.js';
import { plural } from './plural.js';

export interface LiveProgressOptions {
  /** A terminal: the line is rewritten in place (`\r`, erase line) and erased when the tool ends. */
  readonly write: (text: string) => void;
  /** Milliseconds on any monotonic clock; injected so the text is testable. */
  readonly now: () => number;
}

/**
 * Live progress for a TTY: one line, rewritten after every command, e.g.
 * `⋯ read_note · 7 of 25 commands · 1 contradiction · 12.4s`. Put it before the text reporter so the line is
 * erased before the tool's result line is printed.
 */
export function createLiveProgress(options: LiveProgressOptions): EventSink {
  let started = 0;
  let tool = '';
  let budget = 0;
  let done = 0;
  let contradictions = 0;
  let showing = false;
  const erase = () => {
    if (showing) options.write('\r\x1b[2K');
    showing = false;
  };
  const show = () => {
    const elapsed = ((options.now() - started) / 1000).toFixed(1);
    const commands =
      done <= budget
        ? `${done} of ${budget} commands`
        : `${budget} commands, shrinking (${plural(done - budget, 'replay')})`;
    options.write(
      `\r\x1b[2K⋯ ${tool} · ${commands} · ${plural(contradictions, 'contradiction')} · ${elapsed}s`,
    );
    showing = true;
  };
  return (event: EngineEvent): void => {
    switch (event.type) {
      case 'start':
        started = options.now();
        return;
      case 'tool-start':
        // A server's tool name, inert (`inertEvent`) before it meets the terminal.
        ({ tool, budget } = inertEvent(event));
        done = 0;
        show();
        return;
      case 'observation':
        done++;
        show();
        return;
      case 'contradiction':
        contradictions++;
        show();
        return;
      case 'tool-end':
      case 'end':
        erase();
        return;
    }
  };
}
