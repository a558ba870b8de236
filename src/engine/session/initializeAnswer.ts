import { ErrorCode, McpError, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { malformedData } from '../../mcp/malformedAnswer.js';
import { serverText } from '../../model/serverText.js';

/** How the SDK's client refuses a protocol version it does not speak (pinned by a unit test). */
const UNSUPPORTED_VERSION = /^Server's protocol version is not supported: ([^]*)$/;

/**
 * What the server answered to initialize, when its answer (not the lack of one) ended the start: an error, a
 * protocol version this client does not speak, or an answer that is not JSON-RPC. The headline of the start-up
 * failure and what to do, with every part the server chose inert and bounded; undefined when the server did
 * not answer (a time-out, a closed connection).
 */
export function initializeAnswer(error: unknown): { headline: string; advice: string } | undefined {
  if (!(error instanceof Error)) return undefined;
  const version = UNSUPPORTED_VERSION.exec(error.message)?.[1];
  if (version !== undefined && !(error instanceof McpError)) {
    return {
      headline:
        `The server answered initialize with protocol version "${serverText(version, 200)}", which this ` +
        `MCP client does not speak (it speaks ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}).`,
      advice:
        'Run a version of the server that speaks one of these, or a version of hintproof whose MCP SDK speaks ' +
        "the server's.",
    };
  }
  const malformed = malformedData(error);
  if (malformed !== undefined) {
    return {
      headline:
        `The server's answer to initialize is not a JSON-RPC response: ${serverText(malformed.problem)}. ` +
        `Received: ${serverText(malformed.sample)}`,
      advice: 'An MCP server answers each request with {"jsonrpc": "2.0", "id", "result" or "error"}.',
    };
  }
  if (!(error instanceof McpError)) return undefined;
  if (error.code === (ErrorCode.RequestTimeout as number)) return undefined;
  if (error.code === (ErrorCode.ConnectionClosed as number)) return undefined;
  const message = error.message.replace(/^MCP error -?\d+: /, '');
  return {
    headline: `The server answered initialize with an error (code ${error.code}): ${serverText(message)}`,
    advice: 'Check the command, its arguments and the --env values it needs.',
  };
}
