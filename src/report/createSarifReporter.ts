import type { Log, ReportingDescriptor, Result } from 'sarif';
import { HINT_NAMES } from '../model/hints.js';
import type { EngineEvent, EventSink } from '../model/events.js';
import { contradictionsOf } from './contradictionsOf.js';
import { formatArgs } from './formatArgs.js';
import { formatChanges } from './formatChange.js';
import { formatPreamble } from './formatPreamble.js';
import { HINT_RULES } from './hintRules.js';
import { inertReport } from './inertEvent.js';
import type { Report } from '../model/report.js';

/** Where results point: the server's file (or the config), relative to the repository root. */
interface SarifArtifact {
  readonly uri: string;
  /** The file's text, to point each result at the line that names its tool; line 1 otherwise. */
  readonly text?: string;
}

export interface SarifReporterOptions {
  readonly write: (sarif: string) => void;
  readonly version: string;
  readonly artifact?: SarifArtifact;
}

/** SARIF 2.1.0 for GitHub code scanning: a rule per hint, a result per contradiction. */
export function createSarifReporter(options: SarifReporterOptions): EventSink {
  return (event: EngineEvent): void => {
    if (event.type === 'end') options.write(`${JSON.stringify(sarifLog(event.report, options), null, 2)}\n`);
  };
}

/** The SARIF log of a report, its strings made inert first (`inertReport`), as code scanning shows them. */
export function sarifLog(raw: Report, options: Omit<SarifReporterOptions, 'write'>): Log {
  const report = inertReport(raw);
  const rules: ReportingDescriptor[] = HINT_NAMES.map((hint) => ({
    id: hint,
    name: HINT_RULES[hint].name,
    shortDescription: { text: HINT_RULES[hint].summary },
    fullDescription: { text: HINT_RULES[hint].detail },
    defaultConfiguration: { level: 'error' },
  }));
  const results: Result[] = contradictionsOf(report).map(({ tool, hint, evidence }) => ({
    ruleId: hint,
    ruleIndex: HINT_NAMES.indexOf(hint),
    level: 'error',
    message: {
      text: [
        `${evidence.title}.`,
        `Observed on call ${evidence.call}: ${formatChanges(evidence.changes).join('; ')}.`,
        `Arguments: ${formatArgs(evidence.args, 1000)}.`,
        ...(evidence.preamble === undefined || evidence.preamble.length === 0
          ? []
          : [`After these calls, from a fresh sandbox: ${formatPreamble(evidence).join(' ')}`]),
        `Reproduce with: ${evidence.replay}`,
      ].join(' '),
    },
    locations: [
      {
        ...(options.artifact
          ? {
              physicalLocation: {
                artifactLocation: { uri: options.artifact.uri },
                region: { startLine: lineNaming(tool.name, options.artifact.text) },
              },
            }
          : {}),
        logicalLocations: [
          { name: tool.name, kind: 'function', fullyQualifiedName: `${report.server.name}/${tool.name}` },
        ],
      },
    ],
    partialFingerprints: { 'hintproof/tool-hint': `${report.server.name}/${tool.name}/${hint}` },
  }));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'hintproof', version: options.version, rules } },
        results,
      },
    ],
  };
}

/** The first line that names the tool in quotes (its registration), else 1. */
function lineNaming(tool: string, text: string | undefined): number {
  if (text === undefined) return 1;
  const index = text
    .split('\n')
    .findIndex((line) => line.includes(`'${tool}'`) || line.includes(`"${tool}"`));
  return index === -1 ? 1 : index + 1;
}
