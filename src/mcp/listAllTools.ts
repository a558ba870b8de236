import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { listAllPages } from './listAllPages.js';
import { firstIssue } from './malformedAnswer.js';
import type { Listing, ListLimits } from './listAllPages.js';

export type { ListLimits } from './listAllPages.js';

/** What hintproof needs of a tool from `tools/list`. */
export interface ToolInfo {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: unknown;
  /** The annotations object as sent (possibly absent or partial). */
  readonly annotations: unknown;
  /** Set when `execution.taskSupport` is `"required"`: the tool answers only task-augmented calls. */
  readonly tasksOnly?: true;
}

const TOOLS: Listing<ToolInfo> = {
  method: 'tools/list',
  noun: 'tools',
  page: (raw) => {
    const result = ListToolsResultSchema.safeParse(raw);
    if (!result.success) return { problem: firstIssue(result.error.issues) };
    // The schemas and annotations as sent: zod's copy loses a property named `__proto__` (it assigns it).
    const sent = (
      raw as { tools: ReadonlyArray<{ inputSchema: unknown; annotations?: unknown; execution?: unknown }> }
    ).tools;
    return {
      items: result.data.tools.map((tool, index) => ({
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        inputSchema: sent[index]?.inputSchema,
        annotations: sent[index]?.annotations,
        ...(taskSupport(sent[index]?.execution) === 'required' ? { tasksOnly: true as const } : {}),
      })),
      nextCursor: result.data.nextCursor,
    };
  },
};

/**
 * Lists every tool, following `nextCursor`, within one time budget and one size cap for all pages (see
 * `listAllPages`); every way it can fail is a SetupError that names what failed.
 */
export function listAllTools(client: Client, limits: ListLimits): Promise<ToolInfo[]> {
  return listAllPages(client, TOOLS, limits);
}

/** `execution.taskSupport` as sent (2025-11-25: "forbidden", "optional" or "required"); else undefined. */
function taskSupport(execution: unknown): unknown {
  return typeof execution === 'object' && execution !== null
    ? (execution as { taskSupport?: unknown }).taskSupport
    : undefined;
}
