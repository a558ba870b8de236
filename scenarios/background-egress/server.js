// @ts-check
/**
 * Fixture: traffic no tool causes, and traffic one tool does. About a second after start-up it fetches
 * "feature flags" once, and from 300 ms after start-up a "download" connects every 150 ms for 4 s (both to
 * 127.0.0.1:9). `ping` (closed world) causes none of it. `search` claims `openWorldHint: false` but sends
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
setTimeout(() => {
  const timer = setInterval(() => void reach(), 150);
  setTimeout(() => clearInterval(timer), 4000);
}, 300);

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
