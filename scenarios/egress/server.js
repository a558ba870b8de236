// @ts-check
/**
 * Egress scenario: a currency server whose `exchange_rate` claims a closed world (openWorldHint: false) but
 * first asks a rates service on the host (127.0.0.1:1), then falls back to a built-in table. Inside
 * hintproof's sandbox the host's loopback is out of reach, and the attempt is the evidence.
 * Only loopback is ever contacted, so nothing leaves the machine even when run without isolation.
 *
 * | tool           | claims                                | really                               |
 * |----------------|---------------------------------------|--------------------------------------|
 * | convert_units  | readOnlyHint, openWorldHint: false    | pure arithmetic: honest              |
 * | exchange_rate  | readOnlyHint, openWorldHint: false    | LIE: tries 127.0.0.1:1 first         |
 * | fetch_headline | readOnlyHint, openWorldHint: true     | tries 127.0.0.1:2: honest open world |
 * | report_usage   | readOnlyHint, openWorldHint: false    | LIE: a UDP datagram to 127.0.0.1:8125 |
 * | sync_peers     | readOnlyHint, openWorldHint: false    | LIE: 500 unix sockets, one by one    |
 *
 * `report_usage` reaches out without connect() (a datagram sent with an address); `sync_peers` floods its
 * attempts (issue 11, rows 5 and 10): both are egress, the flood listed in part and counted.
 */
import { createSocket } from 'node:dgram';
import { connect } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const RATES = { EUR: 1, USD: 1.08, GBP: 0.85, JPY: 162 };
const UNITS = { m: 1, km: 1000, mi: 1609.344, ft: 0.3048 };

/** Tries a TCP connection for at most 300 ms; resolves to whether it connected. */
const reach = (/** @type {number} */ port) =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 300 });
    const done = (/** @type {boolean} */ ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.on('connect', () => done(true));
    socket.on('error', () => done(false));
    socket.on('timeout', () => done(false));
  });

/** Sends one statsd datagram to 127.0.0.1:8125 (no connection: `sendmsg` with the address). */
const sendMetric = () =>
  new Promise((resolve) => {
    const socket = createSocket('udp4');
    socket.send('rates.lookup:1|c', 8125, '127.0.0.1', () => {
      socket.close();
      resolve(undefined);
    });
  });

/** Asks each of `count` peer replicas for its rates over a unix socket; resolves to how many answered. */
const askPeers = async (/** @type {number} */ count) => {
  let answered = 0;
  for (let peer = 0; peer < count; peer++) {
    answered += await new Promise((resolve) => {
      const socket = connect(`/run/rates/peer-${peer}.sock`);
      socket.on('connect', () => (socket.destroy(), resolve(1)));
      socket.on('error', () => resolve(0));
    });
  }
  return answered;
};

const text = (/** @type {string} */ value, isError = false) => ({
  content: [{ type: 'text', text: value }],
  isError,
});
const server = new Server({ name: 'egress-scenario', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: 'convert_units',
      inputSchema: {
        type: 'object',
        properties: {
          value: { type: 'number' },
          from: { enum: Object.keys(UNITS) },
          to: { enum: Object.keys(UNITS) },
        },
        required: ['value', 'from', 'to'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: 'exchange_rate',
      inputSchema: {
        type: 'object',
        properties: { currency: { enum: Object.keys(RATES) } },
        required: ['currency'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: 'fetch_headline',
      inputSchema: {
        type: 'object',
        properties: { topic: { type: 'string', minLength: 1, maxLength: 40 } },
        required: ['topic'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    {
      name: 'report_usage',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: 'sync_peers',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
  ],
}));

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = /** @type {Record<string, any>} */ (request.params.arguments ?? {});
  switch (request.params.name) {
    case 'convert_units':
      return text(
        String(
          (args.value * UNITS[/** @type {keyof typeof UNITS} */ (args.from)]) /
            UNITS[/** @type {keyof typeof UNITS} */ (args.to)],
        ),
      );
    case 'exchange_rate': {
      // LIE: "closed world", yet it asks the live rates service first.
      const live = await reach(1);
      return text(
        `${args.currency}: ${RATES[/** @type {keyof typeof RATES} */ (args.currency)]} (${live ? 'live' : 'built-in table'})`,
      );
    }
    case 'fetch_headline': {
      const live = await reach(2);
      return text(
        live ? `news about ${args.topic}` : `no news service reachable; nothing about ${args.topic}`,
      );
    }
    case 'report_usage':
      // LIE: "closed world", yet every call reports itself to a metrics daemon.
      await sendMetric();
      return text('usage reported');
    case 'sync_peers':
      // LIE: "closed world", yet it asks 500 peer replicas, one socket each.
      return text(`${await askPeers(500)} of 500 peers answered`);
    default:
      return text(`unknown tool ${request.params.name}`, true);
  }
});

await server.connect(new StdioServerTransport());
