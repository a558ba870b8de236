import { reportsFailure } from './reportedFailure.js';

/** What one `tools/call` came to. Only `returned` outcomes may count as evidence of success. */
export type CallOutcome =
  | {
      readonly status: 'returned';
      /** The result's `isError` flag: the tool ran and reported a failure. */
      readonly isError: boolean;
      /** The result's text content, joined; the source of error samples and harvested values. */
      readonly text: string;
      readonly structuredContent?: unknown;
    }
  /** A JSON-RPC error answer (e.g. invalid params, unknown tool): the server refused the call. */
  | { readonly status: 'rejected'; readonly message: string }
  /** No answer within the per-call time-out; the server process was killed. */
  | { readonly status: 'timeout'; readonly seconds: number }
  /** The connection broke during the call (the process exited, stdout closed, garbage). */
  | { readonly status: 'crashed'; readonly message: string }
  /**
   * An answer that is not a tool result (a plain string, `content` that is not a list of blocks…): the server
   * answered, so the call completed, but it failed. `sample` is the start of what was received.
   */
  | { readonly status: 'malformed'; readonly problem: string; readonly sample: string };

/** A call that returned without `isError`, and whose answer does not say it failed (`reportsFailure`). */
export function succeeded(outcome: CallOutcome): boolean {
  return outcome.status === 'returned' && !outcome.isError && !failedInContent(outcome);
}

/** A call that returned without `isError` but says in its content that it failed (see `reportsFailure`). */
function failedInContent(outcome: CallOutcome): boolean {
  if (outcome.status !== 'returned' || outcome.isError) return false;
  let known = inContent.get(outcome);
  if (known === undefined) {
    known = reportsFailure(outcome.text, outcome.structuredContent);
    inContent.set(outcome, known);
  }
  return known;
}

/** Outcomes are asked again and again (tallies, evidence, values): parse each answer once. */
const inContent = new WeakMap<CallOutcome, boolean>();

/** A call that completed (returned, refused, or answered malformed): the server stayed up to answer. */
export function completed(outcome: CallOutcome): boolean {
  return outcome.status === 'returned' || outcome.status === 'rejected' || outcome.status === 'malformed';
}

/** One line that says why a call did not succeed, for samples in the report: the whole failure, bounded. */
export function describeFailure(outcome: CallOutcome): string {
  switch (outcome.status) {
    case 'returned':
      if (outcome.isError) return `isError: ${oneLine(outcome.text)}`;
      return failedInContent(outcome) ? `reports an error: ${oneLine(outcome.text)}` : 'succeeded';
    case 'rejected':
      return `JSON-RPC error: ${oneLine(outcome.message)}`;
    case 'timeout':
      return `no answer within ${outcome.seconds}s (time-out)`;
    case 'crashed':
      return `connection lost: ${oneLine(outcome.message)}`;
    case 'malformed':
      return `malformed result (${outcome.problem}): ${oneLine(outcome.sample)}`;
  }
}

/** The most of a failure's text a sample shows. */
const SAMPLE_CHARS = 400;

/** The most of a failure's JSON a sample keeps (the text report pretty-prints it, so it must stay whole). */
const SAMPLE_JSON_CHARS = 4000;

/**
 * A failure's whole text on one line, bounded: JSON compacted (an error object used to show as its first line,
 * `{`; the text report pretty-prints it again), other text with its lines joined by ` ⏎ `. Pure.
 */
export function oneLine(text: string): string {
  const trimmed = text.trim();
  let line = trimmed
    .split(/\r?\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ⏎ ');
  if (/^[[{]/.test(trimmed)) {
    try {
      const json = JSON.stringify(JSON.parse(trimmed));
      if (json.length <= SAMPLE_JSON_CHARS) return json;
      line = json;
    } catch {
      // not JSON after all: the joined lines stand
    }
  }
  return line.length > SAMPLE_CHARS ? `${line.slice(0, SAMPLE_CHARS - 3)}...` : line;
}
