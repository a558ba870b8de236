// @ts-check
/**
 * The plumbing shared by the scenario servers: the SDK's low-level `Server` over stdio, tools listed with
 * their annotations, and every failure returned as a tool result with `isError: true`. Each scenario's
 * server holds only its tools (and their lies).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/** @typedef {{ uri: string, name: string, mimeType: string, read: () => Promise<string> }} Resource */

/** An expected failure (bad argument, missing entity), reported to the client as `isError: true`. */
export class ToolError extends Error {}

/**
 * @template {{ name: string, description: string, inputSchema: object, annotations?: object }} T
 * @param {string} name the server's name in `initialize`
 * @param {T[]} tools
 * @param {(tool: T, args: Record<string, unknown>) => Promise<string>} run calls one tool
 * @param {{ logUnexpected?: boolean, resources?: Resource[] }} [options] `logUnexpected`: write failures other
 *   than `ToolError`s to stderr; `resources`: resources to list and read (the server then declares them)
 */
export async function serveTools(name, tools, run, options = {}) {
  const resources = options.resources ?? [];
  const capabilities = resources.length > 0 ? { tools: {}, resources: {} } : { tools: {} };
  const server = new Server({ name, version: '1.0.0' }, { capabilities });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema,
      annotations: t.annotations,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.find((t) => t.name === request.params.name);
    try {
      if (!tool) throw new ToolError(`unknown tool: ${request.params.name}`);
      const text = await run(tool, request.params.arguments ?? {});
      return { content: [{ type: 'text', text }] };
    } catch (err) {
      if (options.logUnexpected && !(err instanceof ToolError))
        process.stderr.write(`${name}: ${String(err)}\n`);
      const text = err instanceof Error ? err.message : String(err);
      return { content: [{ type: 'text', text }], isError: true };
    }
  });
  if (resources.length > 0) {
    server.setRequestHandler(ListResourcesRequestSchema, async () => ({
      resources: resources.map(({ uri, name, mimeType }) => ({ uri, name, mimeType })),
    }));
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
      const resource = resources.find((r) => r.uri === request.params.uri);
      if (!resource) throw new Error(`unknown resource: ${request.params.uri}`);
      return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: await resource.read() }] };
    });
  }
  await server.connect(new StdioServerTransport());
  return server;
}
