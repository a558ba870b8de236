import {
  JSONRPCErrorResponseSchema,
  JSONRPCResultResponseSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * The error code of a JSON-RPC error hintproof makes up, in place of an answer the server sent that was not
 * valid JSON-RPC; its `data` is a `MalformedData`. (A server that sends this code itself only makes its own
 * call fail: the call is failed either way.)
 */
export const MALFORMED_ANSWER_CODE = -32097;

/** What was wrong with the answer, and the start of what it held (JSON, up to 120 characters). */
export interface MalformedData {
  readonly problem: string;
  readonly sample: string;
}

/**
 * For a line that parsed as JSON but not as a JSON-RPC message: when it answers a request (an object with an
 * `id` and a `result` or an `error`), an error response for that id saying what was wrong; otherwise
 * undefined (the line is garbage, with no request to fail).
 */
export function malformedAnswer(parsed: unknown): JSONRPCMessage | undefined {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const answer = parsed as Record<string, unknown>;
  const { id } = answer;
  if ((typeof id !== 'string' && typeof id !== 'number') || !('result' in answer || 'error' in answer)) {
    return undefined;
  }
  const data: MalformedData = {
    problem: problemOf(answer),
    sample: sampleOf('result' in answer ? answer.result : answer.error),
  };
  return {
    jsonrpc: '2.0',
    id,
    error: { code: MALFORMED_ANSWER_CODE, message: `malformed answer (${data.problem})`, data },
  };
}

/** The `MalformedData` of an error made by `malformedAnswer` (undefined for any other error). */
export function malformedData(error: unknown): MalformedData | undefined {
  if (!(error instanceof McpError) || error.code !== MALFORMED_ANSWER_CODE) return undefined;
  const data = error.data as Partial<MalformedData> | undefined;
  return typeof data?.problem === 'string' && typeof data.sample === 'string'
    ? { problem: data.problem, sample: data.sample }
    : undefined;
}

/** The start of a value as JSON, cut to 120 characters. */
export function sampleOf(value: unknown): string {
  let json: string;
  try {
    json = JSON.stringify(value) ?? String(value);
  } catch {
    json = String(value);
  }
  return json.length > 120 ? `${json.slice(0, 117)}...` : json;
}

function problemOf(answer: Record<string, unknown>): string {
  if (answer.jsonrpc !== '2.0') return 'no "jsonrpc": "2.0"';
  if ('result' in answer && 'error' in answer) return 'both a result and an error';
  if ('result' in answer) {
    const kind = kindOf(answer.result);
    if (kind !== 'an object') return `the result is ${kind}, not an object`;
    return `the response does not follow JSON-RPC (${firstIssue(JSONRPCResultResponseSchema.safeParse(answer).error?.issues ?? [])})`;
  }
  const issue = firstIssue(JSONRPCErrorResponseSchema.safeParse(answer).error?.issues ?? []);
  return `the error is not an object with an integer code and a message (${issue})`;
}

/** The first problem zod found, as `path: message`. */
export function firstIssue(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  otherwise = 'invalid',
): string {
  const issue = issues[0];
  return issue ? `${issue.path.map(String).join('.') || 'result'}: ${issue.message}` : otherwise;
}

/** `null`, `an array`, `an object`, `a string`, `a number`, `a boolean`. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
