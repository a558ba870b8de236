import type { McpConnection, ResourceInfo, ToolInfo } from '../mcp/index.js';
import { DEFAULT_MAX_OBSERVERS, findObservers } from './findObservers.js';
import type { Observer } from './observer.js';

/**
 * The observers of a connected server (`findObservers` over its tools and the resources it lists). Never
 * throws: when resources/list fails, the tools alone are used and `problem` says what failed, for the report.
 */
export async function discoverObservers(
  connection: McpConnection,
  tools: readonly ToolInfo[],
  max = DEFAULT_MAX_OBSERVERS,
): Promise<{ observers: Observer[]; problem?: string }> {
  let resources: ResourceInfo[] = [];
  let problem: string | undefined;
  try {
    resources = await connection.listResources();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    problem = `no resource is observed: ${message}`;
  }
  return { observers: findObservers(tools, resources, max), ...(problem === undefined ? {} : { problem }) };
}
