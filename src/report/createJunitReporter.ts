import { createRequire } from 'node:module';
import type { Builder } from 'junit-report-builder';
import { HINT_NAMES } from '../model/hints.js';
import type { EngineEvent, EventSink } from '../model/events.js';
import { formatArgs } from './formatArgs.js';
import { formatChanges } from './formatChange.js';
import { formatPreamble } from './formatPreamble.js';
import { HINT_RULES } from './hintRules.js';
import { clientLines, impactOf, severityLabel } from './impactOf.js';
import { inertReport } from './inertEvent.js';
import type { Report, ToolReport } from '../model/report.js';
import type { HintName } from '../model/hints.js';
import { answerLines, closedWorldLines } from './closedWorldLines.js';

const require = createRequire(import.meta.url);

/** The builder, loaded on first use: only a check with the junit reporter needs it (it costs ~0.15 s to load). */
function junitBuilder(): Builder {
  // The package's types declare a default export; at run time it is module.exports itself.
  const loaded = require('junit-report-builder') as Builder & { default?: Builder };
  return loaded.default ?? loaded;
}

export interface JunitReporterOptions {
  readonly write: (xml: string) => void;
}

/**
 * JUnit XML: one test suite per server, one test case per tool × hint. Contradicted = failure whose message
 * opens with its severity (`[critical (9.8)] …`), with the clients that would act wrongly and the evidence; inconclusive, unchecked and not-applicable = skipped, with the reason as output.
 */
export function createJunitReporter(options: JunitReporterOptions): EventSink {
  return (event: EngineEvent): void => {
    if (event.type === 'end') options.write(junitXml(event.report));
  };
}

/** The JUnit XML of a report, its strings made inert first (`inertReport`): valid XML whatever a server sent. */
export function junitXml(raw: Report): string {
  const report = inertReport(raw);
  const builder = junitBuilder().newBuilder();
  const suite = builder
    .testSuite()
    .name(`hintproof: ${report.server.name} ${report.server.version}`)
    .property('seed', String(report.settings.seed))
    .property('runs', String(report.settings.runs));
  for (const tool of report.tools) {
    for (const hint of HINT_NAMES) {
      const verdict = tool.verdicts[hint];
      const testCase = suite.testCase().className(`${report.server.name}.${tool.name}`).name(hint);
      switch (verdict.status) {
        case 'contradicted': {
          const { evidence } = verdict;
          const impact = impactOf({ tool, hint, evidence });
          testCase
            .failure(`[${severityLabel(impact)}] ${evidence.title}`, HINT_RULES[hint].name)
            .stacktrace(
              cdata(
                [
                  `Severity: ${severityLabel(impact)}: ${impact.reason}`,
                  ...(impact.clients.length === 0
                    ? []
                    : [
                        'Clients that would act wrongly:',
                        ...clientLines(impact).map((line) => `  - ${line}`),
                      ]),
                  `Declared: ${JSON.stringify(tool.declared)}`,
                  ...(evidence.answers === undefined
                    ? [
                        `Observed on call ${evidence.call}:`,
                        ...formatChanges(evidence.changes).map((line) => `  ${line}`),
                      ]
                    : answerLines(evidence.answers)),
                  `Arguments: ${formatArgs(evidence.args, 1000)}`,
                  ...(formatPreamble(evidence).length === 0
                    ? []
                    : [
                        'After these calls, from a fresh sandbox:',
                        ...formatPreamble(evidence).map((s) => `  ${s}`),
                      ]),
                  `Reproduce with: ${evidence.replay}`,
                ].join('\n'),
              ),
            );
          break;
        }
        case 'consistent':
          testCase.standardOutput(
            cdata(`consistent over ${verdict.observations} successful observation(s)${finding(tool, hint)}`),
          );
          break;
        case 'inconclusive':
          testCase.skipped().standardOutput(cdata(`inconclusive: ${verdict.reason}${finding(tool, hint)}`));
          break;
        case 'unchecked':
          testCase.skipped().standardOutput(cdata(`unchecked: ${verdict.reason}${finding(tool, hint)}`));
          break;
        case 'not-applicable':
          testCase.skipped().standardOutput('not applicable: the tool declares readOnlyHint: true');
          break;
      }
    }
  }
  return `${builder.build()}\n`;
}

/** A closed-world finding, in the output of its tool's openWorldHint case: listed, never a failure. */
function finding(tool: ToolReport, hint: HintName): string {
  if (hint !== 'openWorldHint' || tool.closedWorld === undefined) return '';
  const found = tool.closedWorld;
  return [
    '',
    `closed-world finding (not a failure): ${found.title}`,
    ...closedWorldLines(found),
    `Reproduce with: ${found.replay}`,
  ].join('\n');
}

/**
 * Text for a CDATA section: every `]]>` as `]] >`. xmlbuilder splits only the first `]]>` of a section (its
 * `replace` takes a string), so a second one, which a server's text can hold (an argument, then a preamble
 * call's), would end the section early and break the XML.
 */
function cdata(text: string): string {
  return text.replaceAll(']]>', ']] >');
}
