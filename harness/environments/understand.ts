import { NotUnderstood } from './notUnderstood.js';
import { ParseBudget } from './parseBudget.js';

/**
 * The one place a reading by meaning of what a server wrote is caught: `read` runs with a budget fit for
 * `inputBytes` of input (ParseBudget.forInput); what it returns, or the NotUnderstood it failed with. Any other
 * error a pure reader of hostile bytes raises (a RangeError from an allocation or a view, a stack overflow) is
 * the input's doing too, and is one as well. The caller compares the files as bytes instead and keeps the
 * message as a note on their changes.
 */
export function understand<T>(
  format: string,
  inputBytes: number,
  read: (budget: ParseBudget) => T,
): T | NotUnderstood {
  try {
    return read(ParseBudget.forInput(format, inputBytes));
  } catch (error) {
    if (error instanceof NotUnderstood) return error;
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return new NotUnderstood(format, `its reader failed (${reason.slice(0, 200)})`, { cause: error });
  }
}
