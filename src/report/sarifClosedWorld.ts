import type { Location, ReportingDescriptor, Result } from 'sarif';
import type { Report } from '../model/report.js';
import { closedWorldFindings, closedWorldLines } from './closedWorldLines.js';

/**
 * The rule of closed-world findings: a note, never an error, since the finding contradicts no hint unless
 * `--strict-closed-world` (then it is an openWorldHint result instead). Listed in every run, so a fixed alert closes.
 */
export const CLOSED_WORLD_RULE: ReportingDescriptor = {
  id: 'closedWorldDeterminism',
  name: 'ClosedWorldAnswerVaries',
  shortDescription: {
    text: 'A tool that claims openWorldHint: false answered one call differently in one state',
  },
  fullDescription: {
    text:
      'openWorldHint: false reads as a closed world: given the same input, the same output, so clients may cache ' +
      'its answers. hintproof called the tool twice in one state, and again from a fresh sandbox after the same ' +
      'calls, and the answers differed beyond generated ids, times and counters.',
  },
  defaultConfiguration: { level: 'note' },
  properties: { tags: ['mcp-hints'] },
};

/** A note-level result per closed-world finding, at the tool's location (`locate`). */
export function closedWorldResults(
  report: Report,
  ruleIndex: number,
  locate: (tool: string) => Location,
): Result[] {
  return closedWorldFindings(report).map(({ tool, finding }) => ({
    ruleId: CLOSED_WORLD_RULE.id,
    ruleIndex,
    level: 'note',
    message: {
      text: [`${finding.title}.`, ...closedWorldLines(finding), `Reproduce with: ${finding.replay}`].join(
        ' ',
      ),
    },
    locations: [locate(tool.name)],
    partialFingerprints: {
      'hintproof/tool-hint': `${report.server.name}/${tool.name}/${CLOSED_WORLD_RULE.id}`,
    },
  }));
}
