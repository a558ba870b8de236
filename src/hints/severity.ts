import type { Change } from '../../harness/index.js';
import { HINT_NAMES } from '../model/hints.js';
import type { DeclaredHints, HintName, Hints } from '../model/hints.js';
import type { ClientAction, Evidence, Impact, Severity, Verdict } from '../model/report.js';
import { CLIENT_IMPACT } from './clientImpact.js';
import type { ClientImpactRow } from './clientImpact.js';

/** The severities from the worst, the order contradictions are ranked in. */
export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low'];

/** The highest score a contradiction of each hint can get (a SARIF rule's `security-severity`). */
export const HIGHEST_SCORE: Readonly<Record<HintName, number>> = {
  readOnlyHint: 9.8,
  destructiveHint: 9.3,
  idempotentHint: 6.5,
  openWorldHint: 8.2,
};

/** The tool's hints as a client sees them: what it declared, and the spec defaults under it. */
export interface ToolHints {
  readonly declared: DeclaredHints;
  readonly effective: Hints;
}

/** The rows of the table whose client acts on this tool's claimed value of the hint. */
export function clientsActingOn(hint: HintName, tool: ToolHints): ClientImpactRow[] {
  return CLIENT_IMPACT.filter(
    (row) =>
      row.hint === hint &&
      tool.effective[hint] === row.value &&
      Object.entries(row.alsoEffective ?? {}).every(
        ([name, value]) => tool.effective[name as HintName] === value,
      ) &&
      !Object.entries(row.unlessDeclared ?? {}).some(
        ([name, value]) => tool.declared?.[name as HintName] === value,
      ),
  );
}

/**
 * Pure: the severity of one contradiction, from what clients do on the false hint (`CLIENT_IMPACT`) and what
 * the evidence shows the tool did. The rule, worst first:
 *
 * - **critical**: a client runs, with nobody confirming, a call that writes while claiming `readOnlyHint:
 *   true` (VS Code, Codex, Qwen Code, Claude Code's plan mode…), or one that deletes while claiming
 *   `destructiveHint: false` (Codex when `openWorldHint` is false too). Only rows with a public source count. A
 *   false read-only claim is critical whatever it wrote: it also gets the tool through every read-only filter
 *   (Cursor's Ask mode, Gemini CLI's Plan Mode); within critical, a delete scores above a modify, a modify
 *   above an add or append (9.8, 9.5, 9.1).
 * - **high**: existing state rewritten (`modify`, no delete) by a tool claiming `destructiveHint: false` (8.0);
 *   egress from one claiming `openWorldHint: false` (its result reaches the model unreviewed in VS Code: 7.2;
 *   also run without approval in Codex when its `destructiveHint` is false: 8.2).
 * - **medium**: under `--strict-closed-world`, a tool claiming `openWorldHint: false` whose answer varied in one
 *   state (4.0): nothing reached outside, but clients skip approval and review for a closed world.
 * - **medium**: a repeat that changed state again from a tool claiming `idempotentHint: true`, which a client
 *   retries on its own after a dropped answer (Qwen Code, Claude Code): the effect happens twice (6.5 when the
 *   repeat rewrote or deleted, else 5.0).
 * - **low**: no client in the table acts on the claimed value as the tool declared it (2.0): wrong, but nothing
 *   known runs on it; a read-only claim only filters admit, with no client running it unasked, is high (7.5).
 *
 * Depends on nothing but its arguments and the table: the same contradiction always gets the same severity.
 */
export function assessImpact(
  hint: HintName,
  tool: ToolHints,
  evidence: Pick<Evidence, 'changes' | 'call' | 'answers'>,
): Impact {
  const rows = clientsActingOn(hint, tool);
  const clients = rows.map(clientAction);
  // Only rows a public source shows weigh on the severity: the others are listed, marked, and prove nothing.
  const sourced = rows.filter((row) => row.source !== undefined);
  const unconfirmed = sourced.some((row) => row.act === 'runs-unconfirmed');
  const deletes = has(evidence.changes, 'delete');
  const rewrites = has(evidence.changes, 'modify');
  const judged = (severity: Severity, score: number, reason: string): Impact => ({
    severity,
    score,
    reason,
    clients,
  });
  if (sourced.length === 0) {
    return judged(
      'low',
      2.0,
      `no client known to hintproof acts on ${hint}: ${String(tool.effective[hint])}` +
        (rows.length === 0 ? '' : ' by a public source (the rows listed have none)'),
    );
  }
  switch (hint) {
    case 'readOnlyHint': {
      const what = deletes ? 'deleted existing state' : rewrites ? 'rewrote existing state' : 'wrote';
      if (!unconfirmed) return judged('high', 7.5, `it ${what}, and read-only filters admit it`);
      return judged(
        'critical',
        deletes ? 9.8 : rewrites ? 9.5 : 9.1,
        `it ${what} while clients run it unconfirmed as read-only`,
      );
    }
    case 'destructiveHint':
      if (deletes && unconfirmed)
        return judged('critical', 9.3, 'it deleted existing state, and clients run it unconfirmed');
      return judged(
        'high',
        8.0,
        `it ${deletes ? 'deleted' : 'rewrote'} existing state that clients expect kept`,
      );
    case 'openWorldHint':
      // `--strict-closed-world`: nothing reached outside; the answer varied where clients may reuse it.
      if (evidence.answers !== undefined)
        return judged(
          'medium',
          4.0,
          'its answer varied in one state, where clients take a closed world to answer alike',
        );
      return unconfirmed
        ? judged('high', 8.2, 'it reached outside, and clients run it unconfirmed and unreviewed')
        : judged('high', 7.2, 'it reached outside, and clients pass its result on unreviewed');
    case 'idempotentHint':
      return deletes || rewrites
        ? judged('medium', 6.5, 'its repeat rewrote or deleted state again, as a client retry would')
        : judged('medium', 5.0, 'its repeat changed state again, as a client retry would');
  }
}

/**
 * The tool's verdicts with the impact of each contradiction on its evidence (`impact`), the others as they
 * are: what the engine reports.
 */
export function withImpact(
  tool: ToolHints,
  verdicts: Readonly<Record<HintName, Verdict>>,
): Record<HintName, Verdict> {
  return Object.fromEntries(
    HINT_NAMES.map((hint) => {
      const verdict = verdicts[hint];
      if (verdict.status !== 'contradicted') return [hint, verdict];
      const impact = assessImpact(hint, tool, verdict.evidence);
      return [hint, { ...verdict, evidence: { ...verdict.evidence, impact } }];
    }),
  ) as Record<HintName, Verdict>;
}

function clientAction(row: ClientImpactRow): ClientAction {
  return {
    client: row.client,
    mode: row.mode,
    effect: row.effect,
    ...(row.source === undefined ? {} : { source: row.source }),
  };
}

function has(changes: readonly Change[], kind: Change['kind']): boolean {
  return changes.some((change) => change.kind === kind);
}
