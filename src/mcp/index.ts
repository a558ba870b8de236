export { connect } from './connection.js';
export type { ConnectOptions, McpConnection, ServerIdentity } from './connection.js';
export { ProcessTransport } from './processTransport.js';
export type { ToolInfo } from './listAllTools.js';
export type { CallOutcome } from './callOutcome.js';
export { completed, describeFailure, succeeded } from './callOutcome.js';
