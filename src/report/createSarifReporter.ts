import type { Location, Log, ReportingDescriptor, Result } from 'sarif';
import { HINT_NAMES } from '../model/hints.js';
import type { EngineEvent, EventSink } from '../model/events.js';
import { formatArgs } from './formatArgs.js';
import { formatChanges } from './formatChange.js';
import { formatPreamble } from './formatPreamble.js';
import { HINT_RULES } from './hintRules.js';
import { clientLines, impactOf, rankedContradictions, severityLabel } from './impactOf.js';
import { HIGHEST_SCORE } from '../hints/severity.js';
import { inertReport } from './inertEvent.js';
import { CLOSED_WORLD_RULE, closedWorldResults } from './sarifClosedWorld.js';
import type { Report, Severity } from '../model/report.js';

/** A result's level by its severity: critical and high fail a check run, medium warns, low is a note. */
const LEVELS: Record<Severity, 'error' | 'warning' | 'note'> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'note',
};

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

/**
 * SARIF 2.1.0 for GitHub code scanning: a rule per hint (with the `security-severity` its worst contradiction
 * has), a result per contradiction, the most severe first, its level and `security-severity` from its impact;
 * then a note per closed-world finding, under a rule of its own (`sarifClosedWorld.ts`).
 */
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
    // GitHub code scanning reads a rule's security-severity (the worst a contradiction of the hint can be) and
    // shows it only on rules tagged `security`.
    properties: { 'security-severity': HIGHEST_SCORE[hint].toFixed(1), tags: ['security', 'mcp-hints'] },
  }));
  rules.push(CLOSED_WORLD_RULE);
  const locate = (tool: string): Location => ({
    ...(options.artifact
      ? {
          physicalLocation: {
            artifactLocation: { uri: options.artifact.uri },
            region: { startLine: lineNaming(tool, options.artifact.text) },
          },
        }
      : {}),
    logicalLocations: [{ name: tool, kind: 'function', fullyQualifiedName: `${report.server.name}/${tool}` }],
  });
  const results: Result[] = rankedContradictions(report).map((contradiction) => {
    const { tool, hint, evidence } = contradiction;
    const impact = impactOf(contradiction);
    return {
      ruleId: hint,
      ruleIndex: HINT_NAMES.indexOf(hint),
      level: LEVELS[impact.severity],
      message: {
        text: [
          `${evidence.title}.`,
          `Severity: ${severityLabel(impact)}: ${impact.reason}.`,
          ...(impact.clients.length === 0
            ? []
            : [`Clients that would act wrongly: ${clientLines(impact).join('; ')}.`]),
          evidence.answers === undefined
            ? `Observed on call ${evidence.call}: ${formatChanges(evidence.changes).join('; ')}.`
            : `Answered in one state: ${evidence.answers.join(', then: ')}.`,
          `Arguments: ${formatArgs(evidence.args, 1000)}.`,
          ...(evidence.preamble === undefined || evidence.preamble.length === 0
            ? []
            : [`After these calls, from a fresh sandbox: ${formatPreamble(evidence).join(' ')}`]),
          `Reproduce with: ${evidence.replay}`,
        ].join(' '),
      },
      locations: [locate(tool.name)],
      partialFingerprints: { 'hintproof/tool-hint': `${report.server.name}/${tool.name}/${hint}` },
      properties: {
        'security-severity': impact.score.toFixed(1),
        severity: impact.severity,
        clients: impact.clients.map((action) => `${action.client} (${action.mode})`),
      },
    };
  });
  results.push(...closedWorldResults(report, rules.length - 1, locate));
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
