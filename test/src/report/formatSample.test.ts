import { describe, expect, it } from 'vitest';
import { stripVTControlCharacters } from 'node:util';
import { describeFailure } from '../../../src/model/callOutcome.js';
import type { Observation } from '../../../src/model/observation.js';
import type { Report } from '../../../src/model/report.js';
import { createJsonReporter } from '../../../src/report/createJsonReporter.js';
import { formatContradictions } from '../../../src/report/formatContradictions.js';
import { formatInconclusive } from '../../../src/report/formatInconclusive.js';
import { formatSample, SAMPLE_JSON_LINES, withSamples } from '../../../src/report/formatSample.js';
import { inertReport, inertEvent } from '../../../src/report/inertEvent.js';
import { formatObservation } from '../../../src/report/formatObservation.js';
import { inertText } from '../../../src/model/inertText.js';
import picocolors from 'picocolors';
import { report } from './fixtures.js';
import { render } from './render.js';

const jsonError = (value: unknown) =>
  describeFailure({ status: 'returned', isError: true, text: JSON.stringify(value, null, 2) });

describe('formatSample: error samples whose text is JSON, pretty-printed for the text report', () => {
  it('spreads a JSON error over indented lines after its prefix', () => {
    const sample = inertText(jsonError({ error: 'not_found', detail: { id: 7 } }));
    expect(formatSample(sample, '    ').split('\n')).toEqual([
      'isError: {',
      '      "error": "not_found",',
      '      "detail": {',
      '        "id": 7',
      '      }',
      '    }',
    ]);
  });

  it('pretty-prints JSON-RPC errors and lost connections too, and leaves other text alone', () => {
    expect(formatSample('JSON-RPC error: [1,2]', '')).toBe('JSON-RPC error: [\n  1,\n  2\n]');
    expect(formatSample('isError: backend unavailable', '  ')).toBe('isError: backend unavailable');
    expect(formatSample('isError: {not json', '  ')).toBe('isError: {not json');
    expect(formatSample('isError: 42', '  ')).toBe('isError: 42');
    expect(formatSample('returned', '  ')).toBe('returned');
  });

  it('keeps every line inert: control and bidi characters escaped, JSON escapes as JSON reads them', () => {
    const sample = inertText(jsonError({ message: 'line\nbreak \u001b[31mred\u001b[0m \u202eevil' }));
    const pretty = formatSample(sample, '  ');
    expect([...pretty].some((char) => '\u001b\u202e\r'.includes(char))).toBe(false);
    expect(stripVTControlCharacters(pretty)).toBe(pretty);
    expect(pretty.split('\n')[1]).toBe('    "message": "line\\nbreak \\u001b[31mred\\u001b[0m \\u202eevil"');
    // The escaped JSON still reads back as the server's object.
    expect(JSON.parse(pretty.slice('isError: '.length).replace(/\n/g, ''))).toEqual({
      message: 'line\nbreak \u001b[31mred\u001b[0m \u202eevil',
    });
  });

  it('shows at most SAMPLE_JSON_LINES lines and counts the rest', () => {
    const long = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i]));
    const lines = formatSample(inertText(jsonError(long)), '').split('\n');
    expect(lines).toHaveLength(SAMPLE_JSON_LINES);
    expect(lines.at(-1)).toBe(`… (${102 - SAMPLE_JSON_LINES + 1} more lines)`);
  });

  it('replaces each quoted sample in a line, once per distinct sample', () => {
    const sample = 'isError: {"a":1}';
    expect(withSamples(`Calls: ${sample}, ${sample}`, [sample, sample], '  ')).toBe(
      'Calls: isError: {\n    "a": 1\n  }, isError: {\n    "a": 1\n  }',
    );
  });
});

const plainColors = picocolors.createColors(false);

describe('error samples in the reports', () => {
  const sampleError = jsonError({ error: 'internal_error', message: 'Relation not found' });
  const tool = report.tools.find((entry) => entry.name === 'search_remote')!;
  const withJson: Report = {
    ...report,
    tools: [{ ...tool, sampleError, verdicts: { ...tool.verdicts } }],
  };

  it('inconclusive reasons show the sample pretty-printed, one report line per JSON line', () => {
    const lines = formatInconclusive(inertReport(withJson), plainColors);
    expect(lines.slice(1)).toEqual([
      '  ? search_remote (readOnlyHint): every call failed (sample: isError: {',
      '        "error": "internal_error",',
      '        "message": "Relation not found"',
      '      })',
    ]);
  });

  it('verbose lines show a JSON error pretty-printed, even one the server spread over lines', () => {
    const observation = {
      tool: 'search_remote',
      args: { query: 'a' },
      call1: {
        outcome: { status: 'returned' as const, isError: true, text: '{\n  "error": "x\\ny"\n}' },
        changes: [],
      },
      excluded: [],
    };
    const { observation: inert } = inertEvent({ type: 'observation', observation });
    expect(formatObservation(inert, plainColors).split('\n')).toEqual([
      '    search_remote {"query":"a"} → call 1: isError: {',
      '        "error": "x\\ny"',
      '      } · no change; call 2: not made (the server was no longer running after call 1)',
    ]);
  });

  it('verbose lines name what each call tried to reach outside the sandbox, a few at most', () => {
    const egress = (port: number) => ({
      kind: 'connect' as const,
      destination: `127.0.0.1:${port}`,
      result: 'ECONNREFUSED',
    });
    const observation: Observation = {
      tool: 'fetch',
      args: {},
      call1: {
        outcome: { status: 'returned', isError: false, text: 'ok' },
        changes: [],
        egress: [egress(1), egress(1), egress(2), egress(3), egress(4), egress(5)],
      },
      call2: { outcome: { status: 'returned', isError: false, text: 'ok' }, changes: [], egress: [] },
      excluded: [],
    };
    expect(formatObservation(observation, plainColors)).toBe(
      '    fetch {} → call 1: returned · no change · egress: connection to 127.0.0.1:1 (ECONNREFUSED), ' +
        'connection to 127.0.0.1:2 (ECONNREFUSED), connection to 127.0.0.1:3 (ECONNREFUSED) and 2 more; ' +
        'call 2: returned · no change',
    );
  });

  it('"Calls:" lines of a contradiction show a JSON error pretty-printed under the block', () => {
    const read = report.tools.find((entry) => entry.name === 'read_note')!;
    const verdict = read.verdicts.readOnlyHint;
    if (verdict.status !== 'contradicted') throw new Error('the fixture read_note is contradicted');
    const evidence = { ...verdict.evidence, outcomes: ['returned', 'isError: {"code":404}'] };
    const contradicted: Report = {
      ...report,
      tools: [{ ...read, verdicts: { ...read.verdicts, readOnlyHint: { ...verdict, evidence } } }],
    };
    const lines = formatContradictions(inertReport(contradicted), plainColors);
    const at = lines.findIndex((line) => line.includes('Calls:'));
    expect(lines.slice(at, at + 3)).toEqual([
      '   Calls: returned, isError: {',
      '       "code": 404',
      '     }',
    ]);
  });

  it('the JSON report keeps the sample as one valid JSON string, compacted', () => {
    const json = render((write) => createJsonReporter({ write }), [{ type: 'end', report: withJson }]);
    const parsed = JSON.parse(json) as Report;
    expect(parsed.tools[0]?.sampleError).toBe(
      'isError: {"error":"internal_error","message":"Relation not found"}',
    );
  });
});
