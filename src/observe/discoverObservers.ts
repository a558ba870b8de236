import type { McpConnection, ResourceInfo, ResourceTemplateInfo, ToolInfo } from '../mcp/index.js';
import { DEFAULT_MAX_OBSERVERS, findObservers } from './findObservers.js';
import type { Observer } from './observer.js';

/**
 * The observers of a connected server (`findObservers` over its tools, its resource listing when it declares
 * resources and listing them worked, and the resources it lists), and its
 * resource templates (for value observers, filled later). Never throws: when resources/list fails, the tools
 * alone are used and `problem` says what failed, for the report; a server without templates has none.
 */
export async function discoverObservers(
  connection: McpConnection,
  tools: readonly ToolInfo[],
  max = DEFAULT_MAX_OBSERVERS,
): Promise<{ observers: Observer[]; templates: ResourceTemplateInfo[]; problem?: string }> {
  let resources: ResourceInfo[] = [];
  let problem: string | undefined;
  let listing = false;
  try {
    resources = await connection.listResources();
    listing = connection.declaresResources?.() === true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    problem = `no resource is observed: ${message}`;
  }
  let templates: ResourceTemplateInfo[] = [];
  try {
    templates = await connection.listResourceTemplates();
  } catch {
    // A server that lists no templates (or fails to) has no template to fill: nothing to report.
  }
  return {
    observers: findObservers(tools, resources, max, listing),
    templates,
    ...(problem === undefined ? {} : { problem }),
  };
}
