import { inertLoose, inertText, readInert } from '../model/inertText.js';

/** The most lines a pretty-printed JSON sample shows; the rest is counted. */
export const SAMPLE_JSON_LINES = 30;

/** How failure samples start (`describeFailure`): the words before the server's own text. */
const PREFIX =
  /^(isError|reports an error|JSON-RPC error|connection lost|malformed result \([^)]*\)): (?=[[{])/;

/**
 * A failure sample for the text report (`isError: {"error":"not found","code":404}`, already inert), with the
 * JSON the server sent pretty-printed over several lines, each after `indent`, at most SAMPLE_JSON_LINES of
 * them; a sample without JSON (or cut short, so no longer JSON) comes back unchanged. Every line stays inert:
 * invisible characters escaped, and JSON's own escapes left as JSON reads them. Pure.
 */
export function formatSample(sample: string, indent: string): string {
  const original = readInert(sample);
  const prefix = PREFIX.exec(original)?.[0];
  if (prefix === undefined) return sample;
  let value: unknown;
  try {
    value = JSON.parse(original.slice(prefix.length));
  } catch {
    return sample;
  }
  if (typeof value !== 'object' || value === null) return sample;
  const lines = JSON.stringify(value, null, 2).split('\n');
  const shown =
    lines.length <= SAMPLE_JSON_LINES
      ? lines
      : [...lines.slice(0, SAMPLE_JSON_LINES - 1), `… (${lines.length - SAMPLE_JSON_LINES + 1} more lines)`];
  return `${inertText(prefix)}${shown.map((line) => inertLoose(line)).join(`\n${indent}`)}`;
}

/** Each sample in `text` (an inert line that quotes them) pretty-printed as `formatSample` does. Pure. */
export function withSamples(text: string, samples: readonly string[], indent: string): string {
  let result = text;
  for (const sample of new Set(samples)) {
    const pretty = formatSample(sample, indent);
    if (pretty !== sample) result = result.split(sample).join(pretty);
  }
  return result;
}
