import type { Colors } from './colors.js';
import type { Report } from '../model/report.js';
import { plural } from './plural.js';

/** Milliseconds as the report shows them: `450 ms`, `2.31 s`. */
function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/**
 * What waiting for calls' trailing effects cost and left, when there was anything to say: the calls that set a
 * timer hintproof waited for (a debounced save, a batched upload), time-outs past `--settle-max`, and a
 * server whose threads could not be read (nothing was waited for), timers learned to fire with nothing done
 * (not waited for), and the server's rhythms armed again as they fired (not waited for). Empty for a server whose effects never trailed its answers.
 */
export function formatSettle(report: Report, colors: Colors): string[] {
  const settle = report.settings.settle;
  if (settle === undefined) return [];
  if (!settle.observable) {
    return [
      colors.yellow(
        "⚠ hintproof could not read the server's threads here, so effects that land after a call's answer " +
          '(a debounced save, a batched upload) were not waited for: such an effect is charged to the call ' +
          'running when it lands.',
      ),
    ];
  }
  if (settle.trailMs === 0 && settle.idleLeft === undefined && settle.rhythmLeft === undefined) return [];
  const lines = [
    colors.bold('Effects that trailed their answers (waited for, up to --settle-max)'),
    `  ${plural(settle.waited, 'call')} of ${settle.calls} waited for what they started in the server ` +
      `(${duration(settle.waitedMs)} in all, longest ${duration(settle.longestMs)}); the longest a timer a ` +
      `call set that did something was due after its answer: ${duration(settle.trailMs)}. What landed ` +
      "meanwhile is the call's.",
  ];
  if (settle.idleLeft !== undefined) {
    lines.push(
      `  ${plural(settle.idleLeft, 'timer')} not waited for: earlier ones of the same thread (and length, on a ` +
        "process's main thread) fired with nothing done (no read, write, thread, process or egress followed).",
    );
  }
  if (settle.rhythmLeft !== undefined) {
    lines.push(
      `  ${plural(settle.rhythmLeft, 'timer')} not waited for: the server's rhythm (an interval, a poll) armed ` +
        'again by its own fire, at the period its fires keep; what it does the control runs see without the call.',
    );
  }
  if (settle.distrusted !== undefined) {
    lines.push(
      `  ${plural(settle.distrusted, 'session')} saw the server do something between calls after such a ` +
        'timer: they waited for every timer from then on.',
    );
  }
  if (settle.beyondBound !== undefined) {
    lines.push(
      colors.yellow(
        `  ~ ${plural(settle.beyondBound, 'call')} left a timer due up to ${duration(settle.beyondMs ?? 0)} ` +
          `after the answer, past --settle-max ${settle.maxMs}: not waited for (what it does lands on a later call).`,
      ),
    );
  }
  if (settle.busyAtBound !== undefined) {
    lines.push(
      colors.yellow(
        `  ~ ${plural(settle.busyAtBound, 'call')} still had the server working when --settle-max ran out.`,
      ),
    );
  }
  return lines;
}
