import type { Change } from '../change.js';
import { ParseBudget } from '../parseBudget.js';
import { diffJson } from './diffJson.js';
import { RECORD_CHANGE_LIMIT, diffJsonFile, keptText, recordChanges } from './diffJsonFile.js';
import { diffTextFile } from './diffTextFile.js';
import type { FsEntry } from './fsEntry.js';
import { readKeyLog } from './keyLog.js';

/**
 * The changes by meaning of a file whose content changed, read the first way that fits both versions' kept
 * text (see `FsEntry.text`), or `undefined` when no text was kept (the caller compares it as bytes). Pure.
 *
 * 1. A log of keyed records, last record wins (`readKeyLog`): the two states it describes compared as JSON
 *    objects keyed `[field=value]` (`store.db#[_id=a1]/title`). An identical record re-appended, or the log
 *    compacted, is no change; a superseding value a `modify`, a tombstone a `delete`, a new key an `add`. This
 *    is the only reading of a file that grew by an append (`appended`): a log's append can overwrite.
 * 2. Otherwise an append stays an append (`undefined`); a file that read as JSON or JSON Lines both times has
 *    its record-level changes (`diffJsonFile`);
 * 3. any other text its line-level ones (`diffTextFile`).
 *
 * Throws NotUnderstood when a reading goes past its budget (each its own, fit for both versions' size) or
 * meets content it refuses (too deep, a line too long): the caller catches it with `understand`.
 */
export function diffFileContent(
  path: string,
  a: FsEntry,
  b: FsEntry,
  appended: boolean,
): Change[] | undefined {
  const before = keptText(a);
  const after = keptText(b);
  if (before === undefined || after === undefined) return undefined;
  // Each reading has a budget of its own, named by its format in what it refuses.
  const budget = (format: string): ParseBudget => ParseBudget.forInput(format, a.size + b.size);
  const logBudget = budget('JSON Lines');
  const log = readKeyLog(before, after, logBudget);
  if (log !== undefined) {
    return recordChanges(path, 'lines', diffJson(log.before, log.after, RECORD_CHANGE_LIMIT, logBudget));
  }
  if (appended) return undefined;
  return (
    diffJsonFile(path, a, b, budget('JSON')) ??
    diffTextFile(path, before, after, RECORD_CHANGE_LIMIT, budget('text'))
  );
}
