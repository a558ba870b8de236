import { formatArgs } from './formatArgs.js';
import { formatChanges } from './formatChange.js';
import type { Evidence } from '../model/report.js';

/** Arguments in a counterexample are shrunk, so they are shown almost whole; the replay command has them all. */
const ARGS_MAX_LENGTH = 1000;

/**
 * The calls a counterexample made before its command, numbered from 1, one line each:
 * `1. add_bookmark {"url":"a","title":"b"} → returned; add fs:bookmarks.json (file, 60 bytes)`.
 * Empty when the command ran alone on a fresh sandbox.
 */
export function formatPreamble(evidence: Evidence): string[] {
  return (evidence.preamble ?? []).map((step, index) => {
    const changes = step.changes.length === 0 ? '' : `; ${formatChanges(step.changes).join(', ')}`;
    return `${index + 1}. ${step.tool} ${formatArgs(step.args, ARGS_MAX_LENGTH)} → ${step.outcome}${changes}`;
  });
}
