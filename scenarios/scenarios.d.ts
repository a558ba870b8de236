/** Types of scenarios.js (plain JavaScript so that the demo runs it without a build). */
export interface Scenario {
  readonly name: string;
  readonly directory: string;
  readonly description: string;
  readonly command: string[];
  readonly fs?: string;
  readonly sqlite?: string;
  readonly home?: string;
  readonly pg?: string;
  readonly env?: Record<string, string>;
  readonly verdicts: Record<string, Record<string, string>>;
}
export function loadScenarios(): Scenario[];
export function checkArguments(scenario: Scenario): string[];
export function compareVerdicts(
  scenario: Scenario,
  report: {
    settings?: { isolation?: string };
    tools: ReadonlyArray<{
      name: string;
      verdicts: Readonly<Record<string, { status: string }>>;
      closedWorld?: { title: string };
    }>;
  },
): string[];
export function egressObserved(report: { settings?: { isolation?: string } }): boolean;
