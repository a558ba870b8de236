import type { HintName, Hints } from '../model/hints.js';
import { HINT_NAMES } from '../model/hints.js';
import type { Report } from '../model/report.js';

/** The behaviour baseline (`--baseline FILE`): per tool, what it was seen to do and the hints that supports. */
export interface Baseline {
  readonly hintproof: string;
  readonly server: string;
  readonly tools: Readonly<
    Record<string, { readonly behaviour: readonly string[]; readonly suggested: Hints }>
  >;
}

/** Pure: the baseline a report establishes. */
export function baselineFromReport(report: Report): Baseline {
  return {
    hintproof: report.hintproof,
    server: report.server.name,
    tools: Object.fromEntries(
      report.tools.map((tool) => [
        tool.name,
        { behaviour: [...(tool.behaviour ?? [])], suggested: tool.suggested },
      ]),
    ),
  };
}

/** Stable, sorted, reviewable JSON: tools by name, hints in their fixed order, one behaviour per line. */
export function serializeBaseline(baseline: Baseline): string {
  const tools = Object.keys(baseline.tools)
    .sort()
    .map((name) => {
      const tool = baseline.tools[name]!;
      const suggested = Object.fromEntries(HINT_NAMES.map((hint) => [hint, tool.suggested[hint]]));
      return [name, { behaviour: tool.behaviour, suggested }] as const;
    });
  return `${JSON.stringify({ hintproof: baseline.hintproof, server: baseline.server, tools: Object.fromEntries(tools) }, null, 2)}\n`;
}

/** Parses a baseline file; the error names the file, what was wrong, and what to do. */
export function parseBaseline(text: string, file: string): Baseline {
  const fail = (what: string): never => {
    throw new Error(
      `--baseline ${file}: ${what}. Write a fresh one with --update-baseline (and review it before committing).`,
    );
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return fail(`not JSON (${(error as Error).message})`);
  }
  if (typeof data !== 'object' || data === null) return fail('expected an object');
  const { hintproof, server, tools } = data as Record<string, unknown>;
  if (typeof hintproof !== 'string' || typeof server !== 'string')
    return fail('"hintproof" and "server" must be strings');
  if (typeof tools !== 'object' || tools === null || Array.isArray(tools))
    return fail('"tools" must be an object');
  const parsed: Record<string, { behaviour: string[]; suggested: Hints }> = {};
  for (const [name, entry] of Object.entries(tools as Record<string, unknown>)) {
    const { behaviour, suggested } = (entry ?? {}) as Record<string, unknown>;
    if (!Array.isArray(behaviour) || !behaviour.every((b) => typeof b === 'string')) {
      return fail(
        `tools.${name}.behaviour must be an array of strings, received ${JSON.stringify(behaviour)}`,
      );
    }
    const hints = (suggested ?? {}) as Partial<Record<HintName, unknown>>;
    if (!HINT_NAMES.every((hint) => typeof hints[hint] === 'boolean')) {
      return fail(
        `tools.${name}.suggested must hold the four hints as booleans, received ${JSON.stringify(suggested)}`,
      );
    }
    parsed[name] = { behaviour: behaviour, suggested: hints as Hints };
  }
  return { hintproof, server, tools: parsed };
}
