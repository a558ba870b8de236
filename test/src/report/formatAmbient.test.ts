import picocolors from 'picocolors';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../../src/model/report.js';
import { formatAmbient } from '../../../src/report/formatAmbient.js';
import { formatFlaky } from '../../../src/report/formatFlaky.js';
import { inertReport } from '../../../src/report/inertEvent.js';
import { report } from './fixtures.js';

const colors = picocolors.createColors(false);

describe('formatAmbient: background egress listed apart from flaky findings', () => {
  const ping = report.tools[0]!;
  const withBackground: Report = {
    ...report,
    ambient: [],
    tools: [
      {
        ...ping,
        name: 'ping',
        ambientEgress: [
          {
            egress: { kind: 'connect', destination: '127.0.0.1:9', result: 'ECONNREFUSED' },
            args: { q: 'a' },
            control:
              'a control run on a fresh sandbox after the same 2 calls, with no call until the server was 550 ms old',
          },
        ],
      },
    ],
  };

  it('names the tool, the destination, the call it was seen during and the control run that showed it', () => {
    expect(formatAmbient(inertReport(withBackground), colors)).toEqual([
      'Background egress (a control run without the call showed it too; not blamed on the tool)',
      '  ping: connection to 127.0.0.1:9 during {"q":"a"}; a control run on a fresh sandbox after the same 2 ' +
        'calls, with no call until the server was 550 ms old reached it too',
    ]);
    expect(formatFlaky(inertReport(withBackground), colors)).toEqual([]);
  });

  it('keeps a hostile destination inert', () => {
    const hostile: Report = {
      ...withBackground,
      tools: [
        {
          ...withBackground.tools[0]!,
          ambientEgress: [
            {
              egress: { kind: 'unix', destination: '/tmp/\u001b[2Jx', result: 'ENOENT' },
              args: {},
              control: 'c',
            },
          ],
        },
      ],
    };
    const [, line] = formatAmbient(inertReport(hostile), colors);
    expect(line).toBe('  ping: connection to unix socket /tmp/\\x1b[2Jx during {}; c reached it too');
  });
});
