import { HINT_NAMES } from '../model/hints.js';
import type { HintName } from '../model/hints.js';
import type { Report, ToolReport } from '../model/report.js';
import { PLAIN } from './colors.js';
import { escapeHtml, findingAnchor, toolAnchor } from './htmlEscape.js';
import type { Finding } from './htmlFindings.js';
import { impactOf } from './impactOf.js';
import { verdictCell } from './verdictCell.js';
import { verdictColumns } from './formatVerdictTable.js';

/**
 * The verdict table: a row per tool (its cell the tool's anchor, `tool-N`), a column per hint, then the calls
 * and reach columns of the text report (calls, errors, pooled, existing, and invalid when any tool had some).
 * A contradicted cell links to its finding and says its severity.
 */
export function htmlVerdictTable(report: Report, findings: readonly Finding[]): string {
  const findingOf = new Map(
    findings.map((finding) => [key(finding.toolIndex, finding.contradiction.hint), finding]),
  );
  const anyInvalid = report.tools.some((tool) => (tool.calls.invalidArguments ?? 0) > 0);
  const head = verdictColumns(anyInvalid);
  const rows = report.tools.map((tool, index) =>
    [
      `<tr><th scope="row" id="${toolAnchor(index)}"><code>${escapeHtml(tool.name)}</code></th>`,
      ...HINT_NAMES.map((hint) => verdictTd(tool, hint, findingOf.get(key(index, hint)))),
      ...reach(tool, anyInvalid).map((text) => `<td class="number">${text}</td>`),
      '</tr>',
    ].join(''),
  );
  return [
    '<section id="verdicts">',
    '<h2>Verdicts per tool</h2>',
    '<table>',
    `<thead><tr>${head.map((text) => `<th scope="col">${text}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...rows,
    '</tbody>',
    '</table>',
    '<p>pooled: the share of commands whose arguments named something found in the sandbox; existing: the ' +
      'commands that met existing state, of all the tool made (only these can show that a tool does not ' +
      'destroy).</p>',
    '</section>',
  ].join('\n');
}

const key = (toolIndex: number, hint: HintName) => `${toolIndex}:${hint}`;

function verdictTd(tool: ToolReport, hint: HintName, finding: Finding | undefined): string {
  const verdict = tool.verdicts[hint];
  const text = escapeHtml(verdictCell(verdict, PLAIN).text);
  if (finding === undefined) return `<td class="${verdict.status}">${text}</td>`;
  const severity = impactOf(finding.contradiction).severity;
  return `<td class="${verdict.status} ${severity}"><a href="#${findingAnchor(finding.number)}">${text}</a> <span class="badge">${severity}</span></td>`;
}

/** The calls and reach cells, as the text report's table has them (`–` where a figure is unknown). */
function reach(tool: ToolReport, anyInvalid: boolean): string[] {
  const { calls } = tool;
  return [
    String(calls.total),
    String(calls.errors),
    calls.pooledShare === undefined ? '–' : `${Math.round(calls.pooledShare * 100)}%`,
    calls.metExisting === undefined || calls.commands === undefined
      ? '–'
      : `${calls.metExisting}/${calls.commands}`,
    ...(anyInvalid ? [String(calls.invalidArguments ?? 0)] : []),
  ];
}
