import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';

/** What hintproof needs of a tool from `tools/list`. */
export interface ToolInfo {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: unknown;
  /** The annotations object as sent (possibly absent or partial). */
  readonly annotations: unknown;
}

/** The most pages hintproof follows before deciding a server's cursor never ends. */
const MAX_PAGES = 100;

/** Lists every tool, following `nextCursor`. Throws when the server keeps paginating past MAX_PAGES. */
export async function listAllTools(client: Client): Promise<ToolInfo[]> {
  const tools: ToolInfo[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.request(
      { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
      ListToolsResultSchema,
    );
    for (const tool of result.tools) {
      tools.push({
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        inputSchema: tool.inputSchema,
        annotations: tool.annotations,
      });
    }
    cursor = result.nextCursor;
    if (cursor === undefined) return tools;
  }
  throw new Error(
    `tools/list returned a nextCursor on ${MAX_PAGES} pages in a row; received ${tools.length} tools so far. ` +
      'The server probably returns the same cursor forever: check its pagination.',
  );
}
