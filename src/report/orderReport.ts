import type { Change } from '../../harness/index.js';
import { HINT_NAMES } from '../model/hints.js';
import type { DeclaredHints, HintName, Hints } from '../model/hints.js';
import type { Evidence, Report, ToolReport, Verdict } from '../model/report.js';
import { orderKeys } from './orderKeys.js';

/**
 * A copy of the report with every key in the order of the JSON contract (design.md), whatever order the engine
 * built it in: hintproof, server, settings, command, ambient, tools; per tool name, declared, effective, calls,
 * verdicts (readOnlyHint, destructiveHint, idempotentHint, openWorldHint), suggested, then any extra fields.
 */
export function orderReport(report: Report): Report {
  return {
    ...orderKeys(report, ['hintproof', 'server', 'settings', 'command', 'ambient', 'tools']),
    server: orderKeys(report.server, ['name', 'version']),
    settings: orderKeys(report.settings, ['runs', 'seed', 'timeoutSeconds', 'maxCommands', 'ignore', 'path']),
    ambient: report.ambient.map(orderChange),
    tools: report.tools.map(orderTool),
  };
}

/** The order of a tool's `calls` fields: the contract's two, then the coverage figures. */
const CALL_KEYS = [
  'total',
  'errors',
  'invalidArguments',
  'pooledShare',
  'commands',
  'metExisting',
  'afterPreamble',
  'unexercised',
] as const;

function orderTool(tool: ToolReport): ToolReport {
  return {
    ...orderKeys(tool, ['name', 'declared', 'effective', 'calls', 'verdicts', 'suggested', 'suggestedBasis']),
    declared: orderDeclared(tool.declared),
    effective: orderHints(tool.effective),
    calls: orderKeys(tool.calls, [...CALL_KEYS]),
    verdicts: { ...orderKeys(tool.verdicts, HINT_NAMES), ...mapHints(tool.verdicts, orderVerdict) },
    suggested: orderHints(tool.suggested),
    ...(tool.suggestedBasis === undefined
      ? {}
      : {
          suggestedBasis: orderKeys(
            tool.suggestedBasis,
            HINT_NAMES.filter((hint) => hint in tool.suggestedBasis!),
          ),
        }),
  };
}

function orderVerdict(verdict: Verdict): Verdict {
  const ordered = orderKeys(verdict, ['status']);
  return ordered.status === 'contradicted'
    ? { ...ordered, evidence: orderEvidence(ordered.evidence) }
    : ordered;
}

function orderEvidence(evidence: Evidence): Evidence {
  return {
    ...orderKeys(evidence, [
      'args',
      'call',
      'changes',
      'seed',
      'path',
      'replay',
      'title',
      'outcomes',
      'shrinks',
      'egress',
      'preamble',
      'producers',
      'impact',
    ]),
    changes: evidence.changes.map(orderChange),
    ...(evidence.impact === undefined
      ? {}
      : {
          impact: {
            ...orderKeys(evidence.impact, ['severity', 'score', 'reason', 'clients']),
            clients: evidence.impact.clients.map((client) =>
              orderKeys(client, ['client', 'mode', 'effect', 'source']),
            ),
          },
        }),
    ...(evidence.preamble === undefined
      ? {}
      : {
          preamble: evidence.preamble.map((call) => ({
            ...orderKeys(call, ['tool', 'args', 'outcome', 'changes']),
            changes: call.changes.map(orderChange),
          })),
        }),
  };
}

function orderChange(change: Change): Change {
  return orderKeys(change, ['kind', 'environment', 'entity', 'detail']);
}

function orderHints(hints: Hints): Hints {
  return orderKeys(hints, HINT_NAMES);
}

function orderDeclared(declared: DeclaredHints): DeclaredHints {
  return declared === null ? null : orderKeys(declared, HINT_NAMES);
}

function mapHints<A, B>(record: Readonly<Record<HintName, A>>, f: (value: A) => B): Record<HintName, B> {
  return Object.fromEntries(HINT_NAMES.map((hint) => [hint, f(record[hint])])) as Record<HintName, B>;
}
