/** A status word that means the call failed (`"status": "error"`, `"result": "failed"`, `"task_not_found"`). */
const FAILED_WORD = /^(?:error|errored|fail|failed|failure)$|not[_\s-]?found$/i;

/**
 * A plain-text answer that opens by saying it failed: `Error: not found`, `Failed to open …`,
 * `Error occurred: …`, `An error occurred while …`, `Error executing tool …`.
 */
const FAILED_TEXT =
  /^\s*(?:(?:error|failed|failure)\s*:|failed to\b|(?:an?\s+)?(?:unexpected\s+)?error\s+(?:occurred|executing|while)\b)/i;

/** Longest text parsed to look for a failure (an answer this long is data, not an error report). */
const MAX_PARSED_CHARS = 64 * 1024;

/**
 * Whether an answer returned without `isError` says in its content that the call failed, as many servers do
 * instead of setting the flag: JSON whose top level has `status`/`state`/`result` "error" or "failed",
 * `success: false` or `ok: false` (or a list of per-item results that all say so), a non-empty `error` or
 * `errors`; or text that opens with `Error:`,
 * `Failed:`, `Failed to` or `Error occurred`. Such a call failed in effect: it is no evidence that the tool leaves state alone
 * (issue 13: a delete tool answering `{"status":"error","message":"Request not found"}` every time is not
 * read-only). Pure.
 */
export function reportsFailure(text: string, structuredContent?: unknown): boolean {
  if (structuredContent !== undefined && failedAnswer(structuredContent)) return true;
  if (FAILED_TEXT.test(text)) return true;
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed) || trimmed.length > MAX_PARSED_CHARS) return false;
  try {
    return failedAnswer(JSON.parse(trimmed));
  } catch {
    return false;
  }
}

/**
 * A failed object, or a non-empty list of per-item results every one of which says `success: false` or
 * `ok: false` (a batch tool answering `[{"source":"a","success":false,"error":"Absolute paths are not
 * allowed"}]`): a batch in which one item succeeded did something, and a list of records with a `status` or
 * an `error` field (`[{"job":1,"status":"error"}]`) is data.
 */
function failedAnswer(value: unknown): boolean {
  if (!Array.isArray(value)) return failedObject(value);
  return value.length > 0 && value.every(failedItem);
}

function failedItem(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return record.success === false || record.ok === false;
}

function failedObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  const word = (key: string) => typeof record[key] === 'string' && FAILED_WORD.test(record[key]);
  if (word('status') || word('state') || word('result')) return true;
  if (record.success === false || record.ok === false) return true;
  const error = record.error;
  if ((typeof error === 'string' && error.trim() !== '') || (typeof error === 'object' && error !== null)) {
    return !Array.isArray(error) || error.length > 0;
  }
  return Array.isArray(record.errors) && record.errors.length > 0;
}
