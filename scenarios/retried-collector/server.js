// @ts-check
/**
 * Fixture: a server that keeps trying its trace collector (127.0.0.1:4318, nothing listens) every 400 ms
 * for 6 s from start-up, as an exporter retries, and whose `translate` tool also exports a span there on each
 * call, while it claims a closed world. `glossary` reaches nothing itself: only the retries fall in its calls.
 */
import { connect } from 'node:net';
import { serveTools } from '../serveTools.js';

const collector = () =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 4318 });
    socket.on('connect', () => resolve(socket.destroy()));
    socket.on('error', () => resolve(undefined));
  });

void collector();
const retries = setInterval(() => void collector(), 400);
setTimeout(() => clearInterval(retries), 6000);

const closed = { readOnlyHint: true, openWorldHint: false };
const tools = [
  {
    name: 'translate',
    description: 'Translates a word from English to French.',
    inputSchema: { type: 'object', properties: { word: { type: 'string' } } },
    annotations: closed,
  },
  {
    name: 'glossary',
    description: 'Lists the words it knows.',
    inputSchema: { type: 'object', properties: {} },
    annotations: closed,
  },
];

const words = { cat: 'chat', dog: 'chien', house: 'maison' };
await serveTools('retried-collector', tools, async (tool, args) => {
  if (tool.name === 'glossary') return Object.keys(words).join(', ');
  await collector();
  return words[String(args.word)] ?? String(args.word);
});
