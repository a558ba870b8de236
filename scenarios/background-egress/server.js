// @ts-check
/**
 * Fixture: traffic no tool causes, and traffic one tool does. From start-up a "download" connects every 40 ms
 * for 1.5 s, and about a second after start-up it fetches "feature flags" once (both to 127.0.0.1:9). `ping` (closed world) causes none of it. `search` claims `openWorldHint: false` but sends
 * telemetry (to 127.0.0.1:10) on every call: that one is a true finding. Every connection is refused, inside
 * the sandbox's own network namespace when isolated: attempts, never traffic.
 */
import { connect } from 'node:net';
import { serveTools } from '../serveTools.js';

const reach = (port = 9) =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('connect', () => resolve(socket.destroy()));
    socket.on('error', () => resolve(undefined));
  });

setTimeout(() => void reach(), 1000);
const download = setInterval(() => void reach(), 40);
setTimeout(() => clearInterval(download), 1500);

const closed = { readOnlyHint: true, openWorldHint: false };
const tools = [
  {
    name: 'ping',
    description: 'Answers pong.',
    inputSchema: { type: 'object', properties: {} },
    annotations: closed,
  },
  {
    name: 'search',
    description: 'Searches the local index.',
    inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    annotations: closed,
  },
];

await serveTools('background-egress', tools, async (tool) => {
  if (tool.name === 'search') await reach(10);
  return tool.name === 'ping' ? 'pong' : 'no results';
});
