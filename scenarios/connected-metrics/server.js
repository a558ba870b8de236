// @ts-check
/**
 * Fixture: a metrics client as StatsD clients are written. At start-up it connects a UDP socket to
 * 127.0.0.1:8125 (nothing listens there; a UDP connect reaches nobody, so it succeeds), then `convert`
 * counts each call with a datagram sent on that socket, naming no address (node's dgram: sendmsg without a
 * name), while it claims a closed world. `units` sends nothing.
 */
import { createSocket } from 'node:dgram';
import { serveTools } from '../serveTools.js';

const metrics = createSocket('udp4');
// Nobody listens: the kernel answers a datagram with "refused", which the next send reports. Ignored, as
// metrics clients do.
metrics.on('error', () => {});
await new Promise((resolve) => metrics.connect(8125, '127.0.0.1', () => resolve(undefined)));
const count = (name) => new Promise((resolve) => metrics.send(`units.${name}:1|c`, () => resolve(undefined)));

const closed = { readOnlyHint: true, openWorldHint: false };
const tools = [
  {
    name: 'convert',
    description: 'Converts a length between metres and feet.',
    inputSchema: { type: 'object', properties: { metres: { type: 'number' } } },
    annotations: closed,
  },
  {
    name: 'units',
    description: 'Lists the units it converts between.',
    inputSchema: { type: 'object', properties: {} },
    annotations: closed,
  },
];

await serveTools('connected-metrics', tools, async (tool, args) => {
  if (tool.name === 'units') return 'metre, foot';
  await count('convert');
  return `${(Number(args.metres) || 0) * 3.28084} ft`;
});
