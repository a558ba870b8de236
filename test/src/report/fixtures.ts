import type { Change } from '../../../harness/index.js';
import { HINT_NAMES } from '../../../src/model/hints.js';
import type { CallOutcome } from '../../../src/model/callOutcome.js';
import type { ClosedWorldFinding } from '../../../src/model/closedWorld.js';
import type { Evidence, Report, Settings, ToolReport, Verdict } from '../../../src/model/report.js';
import type { EngineEvent } from '../../../src/model/events.js';
import type { Observation } from '../../../src/model/observation.js';

/**
 * A notes-like server checked at seed 42, built by hand: one tool per kind of verdict a reader must be able to
 * tell apart.
 *
 * - read_note: declares readOnlyHint: true, appends to an access log → readOnlyHint contradicted.
 * - list_notes: declares nothing, changes nothing → all consistent; could declare readOnlyHint: true.
 * - write_note: honest writer → consistent, suggestion equals effective.
 * - delete_note: declares destructiveHint: false (and openWorldHint: false, so Codex runs it unasked), deletes →
 *   contradicted with two changes.
 * - append_log: declares idempotentHint: true, appends again on call 2 → contradicted on call 2.
 * - search_remote: every call fails → readOnlyHint inconclusive, the others n/a or unchecked.
 */

const COMMAND = ['node', 'server.js', '{fs}'] as const;
const SEED = 42;

const settings: Settings = { runs: 25, seed: SEED, timeoutSeconds: 10, maxCommands: 1, ignore: [] };

const UNCHECKED: Verdict = { status: 'unchecked', reason: 'no egress observation yet' };
const NOT_APPLICABLE: Verdict = { status: 'not-applicable' };
const consistent = (observations: number): Verdict => ({ status: 'consistent', observations });

const change = (kind: Change['kind'], entity: string, detail: string): Change => ({
  kind,
  environment: 'fs',
  entity,
  detail,
});

const returned = (text = 'ok'): CallOutcome => ({ status: 'returned', isError: false, text });
const isError = (text: string): CallOutcome => ({ status: 'returned', isError: true, text });

function evidence(tool: string, fields: Omit<Evidence, 'seed' | 'replay'>): Evidence {
  return {
    ...fields,
    seed: SEED,
    replay: `hintproof check --tool ${tool} --seed ${SEED} --path "${fields.path}" -- ${COMMAND.join(' ')}`,
  };
}

const ambient: readonly Change[] = [change('modify', '.server/heartbeat', '13 bytes, content changed')];

const accessLog = change('append', '.access.log', '+9 bytes');

const tools: readonly ToolReport[] = [
  {
    name: 'read_note',
    declared: { readOnlyHint: true },
    effective: { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    calls: {
      total: 50,
      errors: 0,
      invalidArguments: 0,
      pooledShare: 0.68,
      commands: 25,
      metExisting: 17,
      afterPreamble: 0,
    },
    verdicts: {
      readOnlyHint: {
        status: 'contradicted',
        evidence: evidence('read_note', {
          args: { name: 'groceries.md' },
          call: 1,
          changes: [accessLog],
          path: '7:0',
          title: 'read_note claims readOnlyHint: true but changed the sandbox',
          outcomes: ['returned', 'returned'],
          shrinks: 2,
        }),
      },
      destructiveHint: NOT_APPLICABLE,
      idempotentHint: NOT_APPLICABLE,
      openWorldHint: UNCHECKED,
    },
    suggested: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  {
    name: 'list_notes',
    declared: null,
    effective: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    calls: { total: 50, errors: 0 },
    verdicts: {
      readOnlyHint: consistent(25),
      destructiveHint: consistent(25),
      idempotentHint: consistent(25),
      openWorldHint: UNCHECKED,
    },
    suggested: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    suggestedBasis: { readOnlyHint: 25, destructiveHint: 12, idempotentHint: 25 },
  },
  {
    name: 'write_note',
    declared: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    effective: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    calls: { total: 50, errors: 3 },
    verdicts: {
      readOnlyHint: consistent(23),
      destructiveHint: consistent(23),
      idempotentHint: consistent(23),
      openWorldHint: UNCHECKED,
    },
    suggested: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    sampleError: 'isError: name must end in .md',
  },
  {
    name: 'delete_note',
    declared: { destructiveHint: false, openWorldHint: false },
    effective: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    calls: {
      total: 50,
      errors: 24,
      invalidArguments: 1,
      pooledShare: 0.52,
      commands: 25,
      metExisting: 5,
      afterPreamble: 20,
    },
    verdicts: {
      readOnlyHint: consistent(25),
      destructiveHint: {
        status: 'contradicted',
        evidence: evidence('delete_note', {
          args: { name: 'groceries.md' },
          call: 1,
          changes: [
            change('delete', 'notes/groceries.md', 'file, 120 bytes'),
            change('modify', 'index.json', ''),
          ],
          path: '3:1:0',
          title: 'delete_note claims destructiveHint: false but rewrote or removed existing state',
          outcomes: ['returned', 'isError: not found'],
          shrinks: 4,
          preamble: [
            {
              tool: 'create_note',
              args: { name: 'groceries.md' },
              outcome: 'returned',
              changes: [change('add', 'notes/groceries.md', 'file, 120 bytes')],
            },
          ],
          producers: ['create_note'],
        }),
      },
      idempotentHint: consistent(25),
      openWorldHint: UNCHECKED,
    },
    suggested: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    sampleError: 'isError: not found',
  },
  {
    name: 'append_log',
    declared: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    effective: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    calls: { total: 50, errors: 0 },
    verdicts: {
      readOnlyHint: consistent(25),
      destructiveHint: consistent(25),
      idempotentHint: {
        status: 'contradicted',
        evidence: evidence('append_log', {
          args: { line: 'hello' },
          call: 2,
          changes: [change('append', 'log.md', '+6 bytes')],
          path: '0:0',
          title:
            'append_log claims idempotentHint: true but a repeated identical call changed the sandbox again',
          outcomes: ['returned', 'returned'],
          shrinks: 0,
        }),
      },
      openWorldHint: UNCHECKED,
    },
    suggested: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  {
    name: 'search_remote',
    declared: { readOnlyHint: true, openWorldHint: true },
    effective: { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    calls: { total: 49, errors: 49, invalidArguments: 0, pooledShare: 0 },
    verdicts: {
      readOnlyHint: { status: 'inconclusive', reason: 'every call failed' },
      destructiveHint: NOT_APPLICABLE,
      idempotentHint: NOT_APPLICABLE,
      openWorldHint: UNCHECKED,
    },
    suggested: { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    sampleError: 'isError: backend unavailable',
  },
];

export const report: Report = {
  hintproof: '0.1.0',
  server: { name: 'notes-scenario', version: '1.0.0' },
  settings,
  command: COMMAND,
  ambient,
  tools,
};

/** The same server with only its honest tools: nothing contradicted. */
export const cleanReport: Report = {
  ...report,
  ambient: [],
  tools: tools.filter((tool) => tool.name === 'list_notes' || tool.name === 'write_note'),
};

/** A closed-world finding, as the engine reports one on a tool claiming `openWorldHint: false`. */
export const closedWorldFinding: ClosedWorldFinding = {
  title: 'list_notes claims openWorldHint: false but answered the same call differently in the same state',
  args: { sides: 6 },
  answers: ['{"roll":4}', '{"roll":2}'],
  differences: ['."roll": 4 → 2'],
  confirmedBy: 'from a fresh sandbox with nothing before it, replay 1 answered otherwise again',
  seed: 42,
  path: '3',
  replay: 'hintproof check --tool list_notes --seed 42 --path 3 -- node server.js',
};

/** The full report with a closed-world finding on its first tool, which then claims a closed world. */
export const reportWithFinding: Report = {
  ...report,
  tools: report.tools.map((tool, index) =>
    index === 0
      ? { ...tool, effective: { ...tool.effective, openWorldHint: false }, closedWorld: closedWorldFinding }
      : tool,
  ),
};

/** A few commands per tool, as the engine would observe them (already shrunk ones not repeated). */
const observations: readonly Observation[] = [
  {
    tool: 'read_note',
    args: { name: 'groceries.md' },
    call1: { outcome: returned('milk, eggs'), changes: [accessLog] },
    call2: { outcome: returned('milk, eggs'), changes: [accessLog] },
    excluded: [],
  },
  {
    tool: 'list_notes',
    args: {},
    call1: { outcome: returned('groceries.md'), changes: [] },
    call2: { outcome: returned('groceries.md'), changes: [] },
    excluded: [ambient[0]!],
  },
  {
    tool: 'write_note',
    args: { name: 'todo.md', body: 'x'.repeat(200) },
    call1: { outcome: returned(), changes: [change('add', 'notes/todo.md', 'file, 200 bytes')] },
    call2: { outcome: returned(), changes: [] },
    excluded: [],
  },
  {
    tool: 'delete_note',
    args: { name: 'groceries.md' },
    call1: {
      outcome: returned(),
      changes: [
        change('delete', 'notes/groceries.md', 'file, 120 bytes'),
        change('modify', 'index.json', ''),
      ],
    },
    call2: { outcome: isError('not found'), changes: [] },
    excluded: [],
  },
  {
    tool: 'append_log',
    args: { line: 'hello' },
    call1: { outcome: returned(), changes: [change('append', 'log.md', '+6 bytes')] },
    call2: { outcome: returned(), changes: [change('append', 'log.md', '+6 bytes')] },
    excluded: [],
  },
  {
    tool: 'search_remote',
    args: { query: 'milk' },
    call1: { outcome: isError('backend unavailable\nat fetch()'), changes: [] },
    call2: { outcome: isError('backend unavailable'), changes: [] },
    excluded: [],
  },
  {
    tool: 'search_remote',
    args: { query: '' },
    call1: { outcome: { status: 'timeout', seconds: 10 }, changes: [] },
    excluded: [],
  },
];

/** The event stream of a whole check of `report`: start, then per tool its observations, contradictions and end. */
export function eventsFor(target: Report = report): EngineEvent[] {
  const events: EngineEvent[] = [
    {
      type: 'start',
      server: target.server,
      settings: target.settings,
      command: target.command,
      tools: target.tools.map(({ name, declared, effective }) => ({ name, declared, effective })),
      ambient: target.ambient,
    },
  ];
  for (const tool of target.tools) {
    events.push({ type: 'tool-start', tool: tool.name, budget: target.settings.runs });
    for (const observation of observations.filter((o) => o.tool === tool.name)) {
      events.push({ type: 'observation', observation });
    }
    for (const hint of HINT_NAMES) {
      const verdict = tool.verdicts[hint];
      if (verdict.status === 'contradicted') {
        events.push({ type: 'contradiction', tool: tool.name, hint, evidence: verdict.evidence });
      }
    }
    events.push({ type: 'tool-end', tool });
  }
  events.push({ type: 'end', report: target });
  return events;
}
