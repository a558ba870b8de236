export { connect } from './connection.js';
export type { McpConnection, ServerIdentity } from './connection.js';
export { letServerRun } from './letServerRun.js';
export { ProcessTransport } from './processTransport.js';
export type { ClientIdentity } from './clientIdentity.js';
export type { ToolInfo } from './listAllTools.js';
export type { ResourceInfo, ResourceTemplateInfo } from './listAllResources.js';
export type { CallOutcome } from '../model/callOutcome.js';
export { describeFailure, succeeded } from '../model/callOutcome.js';
