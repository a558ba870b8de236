import { describe, expect, it } from 'vitest';
import type { Report } from '../../../src/model/report.js';
import { closedWorldEvidence } from '../../../src/engine/confirm/closedWorldEvidence.js';
import { withImpact } from '../../../src/hints/severity.js';
import { htmlReport } from '../../../src/report/createHtmlReporter.js';
import { junitXml } from '../../../src/report/createJunitReporter.js';
import { markdownReport } from '../../../src/report/createMarkdownReporter.js';
import { sarifLog } from '../../../src/report/createSarifReporter.js';
import { formatReportText } from '../../../src/report/formatReportText.js';
import { orderReport } from '../../../src/report/orderReport.js';
import picocolors from 'picocolors';
import { cleanReport, closedWorldFinding } from './fixtures.js';

const finding = closedWorldFinding;

/** The clean report with a finding on its first tool, which then claims a closed world. */
const found: Report = {
  ...cleanReport,
  tools: cleanReport.tools.map((tool, index) =>
    index === 0
      ? { ...tool, effective: { ...tool.effective, openWorldHint: false }, closedWorld: finding }
      : tool,
  ),
};
const colors = picocolors.createColors(false);

describe('closed-world findings in the reporters', () => {
  it('text: its own section with both answers and the replay line, the exit unchanged', () => {
    const text = formatReportText(found, colors);
    expect(text).toContain('Closed-world findings (not contradictions; --strict-closed-world makes them so)');
    expect(text).toContain('Answered: {"roll":4}');
    expect(text).toContain('Then, in the same state: {"roll":2}');
    expect(text).toContain('Differs: ."roll": 4 → 2');
    expect(text).toContain(`Reproduce with: ${finding.replay}`);
    expect(text).toContain('Exit 0: no hint contradicted.');
    expect(formatReportText(cleanReport, colors)).not.toContain('Closed-world');
  });

  it('HTML: its own section, both answers escaped, linked from the contents; none in a clean run', () => {
    const html = htmlReport(found);
    expect(html).toContain('<section id="closed-world">');
    expect(html).toContain('href="#closed-world"');
    expect(html).toContain('Answered: {&quot;roll&quot;:4}');
    expect(htmlReport(cleanReport)).not.toContain('closed-world');
  });

  it('JSON: on the tool as closedWorld', () => {
    const json = JSON.parse(JSON.stringify(orderReport(found))) as Report;
    expect(json.tools[0]?.closedWorld).toEqual(finding);
  });

  it('SARIF: a note under a rule of its own, listed even in a clean run', () => {
    const log = sarifLog(found, { version: '0.1.0' });
    const rules = log.runs[0]?.tool.driver.rules ?? [];
    expect(rules.at(-1)?.id).toBe('closedWorldDeterminism');
    expect(sarifLog(cleanReport, { version: '0.1.0' }).runs[0]?.tool.driver.rules?.at(-1)?.id).toBe(
      'closedWorldDeterminism',
    );
    const [result, ...rest] = log.runs[0]?.results ?? [];
    expect(rest).toEqual([]);
    expect(result).toMatchObject({
      ruleId: 'closedWorldDeterminism',
      ruleIndex: rules.length - 1,
      level: 'note',
    });
    expect(result?.message.text).toContain('Then, in the same state: {"roll":2}');
  });

  it('Markdown and JUnit: listed, never a failure', () => {
    expect(markdownReport(found)).toContain('**Closed-world findings**');
    expect(markdownReport(found)).toContain('`{"roll":4}`, then in the same state `{"roll":2}`');
    const xml = junitXml(found);
    expect(xml).toContain('closed-world finding (not a failure)');
    expect(xml).not.toContain('<failure');
  });

  it('under --strict-closed-world: an openWorldHint contradiction whose evidence has both answers', () => {
    const tool = found.tools[0]!;
    const verdicts = withImpact(tool, {
      ...tool.verdicts,
      openWorldHint: { status: 'contradicted', evidence: closedWorldEvidence(finding) },
    });
    const strict: Report = {
      ...found,
      tools: [{ ...tool, verdicts, closedWorld: undefined }, ...found.tools.slice(1)],
    };
    const text = formatReportText(strict, colors);
    expect(text).toContain('Observed: answered {"roll":4}');
    expect(text).toContain('Severity: medium (4.0): its answer varied in one state');
    expect(text).toContain(`Reproduce with: ${finding.replay}`);
    expect(text).not.toContain('Closed-world findings');
    expect(sarifLog(strict, { version: '0.1.0' }).runs[0]?.results?.[0]?.message.text).toContain(
      'Answered in one state: {"roll":4}, then: {"roll":2}.',
    );
  });
});
