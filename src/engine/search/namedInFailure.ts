import { describeFailure, succeeded } from '../../model/callOutcome.js';
import type { ToolInfo } from '../../mcp/index.js';
import type { RunResult } from '../run/runTypes.js';

/** A name counts only where none of these touches it on either side (a sentence's full stop may). */
const NAME_CHAR = /[A-Za-z0-9_-]/;

/**
 * Pure: the other tools a failed command's error names, as a server says which to call first (`No session
 * working directory set. Please specify a 'path' or use 'git_set_working_dir' first.`): each a likely
 * producer of the state the command needs. Whole names only (`git_log` is not named by `git_log_all`); a
 * successful call's text (a help tool listing every tool) names nothing.
 */
export function toolsNamedInFailure(result: RunResult, tools: readonly ToolInfo[], self: string): string[] {
  const outcome = result.observation?.call1.outcome;
  if (outcome === undefined || succeeded(outcome)) return [];
  const text = describeFailure(outcome);
  return tools.map((tool) => tool.name).filter((name) => name !== self && namesWhole(text, name));
}

function namesWhole(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1];
    const after = text[at + name.length];
    if ((before === undefined || !NAME_CHAR.test(before)) && (after === undefined || !NAME_CHAR.test(after)))
      return true;
  }
  return false;
}
