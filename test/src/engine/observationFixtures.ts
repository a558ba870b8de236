import type { Change, ChangeKind } from '../../../harness/index.js';
import type { CallOutcome } from '../../../src/model/callOutcome.js';
import type { Observation } from '../../../src/model/observation.js';

const ok: CallOutcome = { status: 'returned', isError: false, text: 'ok' };
export const toolError: CallOutcome = { status: 'returned', isError: true, text: 'not found' };
export const timeout: CallOutcome = { status: 'timeout', seconds: 10 };

export function change(kind: ChangeKind, entity = 'notes/a.md'): Change {
  return { kind, environment: 'fs', entity, detail: kind };
}

/** An observation of `tool` with the given outcomes and changes per call; no call 2 when `second` is null. */
export function observe(
  first: { outcome?: CallOutcome; changes?: Change[] },
  second: { outcome?: CallOutcome; changes?: Change[] } | null = {},
  tool = 'some_tool',
): Observation {
  const call1 = { outcome: first.outcome ?? ok, changes: first.changes ?? [] };
  if (second === null) return { tool, args: {}, call1, excluded: [] };
  return {
    tool,
    args: {},
    call1,
    call2: { outcome: second.outcome ?? ok, changes: second.changes ?? [] },
    excluded: [],
  };
}
