import type { ClosedWorldFinding } from '../model/closedWorld.js';
import type { Report, ToolReport } from '../model/report.js';
import { formatArgs } from './formatArgs.js';

/** Every closed-world finding of a report, in tool order (`ToolReport.closedWorld`). */
export function closedWorldFindings(
  report: Report,
): Array<{ readonly tool: ToolReport; readonly finding: ClosedWorldFinding }> {
  return report.tools.flatMap((tool) =>
    tool.closedWorld === undefined ? [] : [{ tool, finding: tool.closedWorld }],
  );
}

/**
 * A finding's evidence as plain lines, shared by the text, JUnit and SARIF reporters (Markdown places the same
 * facts with its escapes): the call, the two answers made in one state, what differs and how it was seen again.
 */
export function closedWorldLines(finding: ClosedWorldFinding): string[] {
  const [first, again] = finding.answers;
  return [
    `Declared: openWorldHint=false (clients may cache its answers)`,
    `Arguments: ${formatArgs(finding.args, 1000)}`,
    `Answered: ${first}`,
    `Then, in the same state: ${again}`,
    ...finding.differences.map((difference) => `Differs: ${difference}`),
    `Seen again: ${finding.confirmedBy}`,
  ];
}

/** The evidence lines of an openWorldHint contradiction made of a finding (`--strict-closed-world`). */
export function answerLines(answers: readonly string[]): string[] {
  const [first = '', again = ''] = answers;
  return [`Observed: answered ${first}`, `  then, in the same state: ${again}`];
}
