import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLIND_REASON } from '../../src/engine/policy/blindness.js';
import { fixtures, runCli, statuses } from './runCli.js';

describe('fixture servers', () => {
  it('a tool whose schema cannot be generated for is inconclusive with the reason; the others go on', async () => {
    const result = await runCli(
      ['check', '--runs', '5', '--seed', '7', '--', 'node', join(fixtures, 'bad-schema.js')],
      {
        json: true,
      },
    );
    expect(result.code).toBe(0);
    const verdicts = statuses(result.report!);
    expect(verdicts.weird?.readOnlyHint).toBe('inconclusive');
    // echo keeps no state anywhere: the check is blind, so its claim is inconclusive for that reason only.
    expect(result.report!.blind).toBe(BLIND_REASON);
    expect(result.report!.tools.find((tool) => tool.name === 'echo')!.verdicts.readOnlyHint).toEqual({
      status: 'inconclusive',
      reason: BLIND_REASON,
    });
    const weird = result.report!.tools.find((tool) => tool.name === 'weird')!;
    expect(weird.calls.total).toBe(0);
    expect(JSON.stringify(weird.verdicts.readOnlyHint)).toMatch(
      /cannot generate arguments.*#\/\$defs\/missing/,
    );
  });

  it('a tool whose every call fails is inconclusive, never consistent', async () => {
    const result = await runCli(
      ['check', '--runs', '5', '--seed', '7', '--', 'node', join(fixtures, 'all-errors.js')],
      {
        json: true,
      },
    );
    expect(result.code).toBe(0);
    const tool = result.report!.tools[0]!;
    expect(tool.verdicts.readOnlyHint).toEqual({
      status: 'inconclusive',
      reason:
        'every call failed (sample: isError: backend unavailable); no argument named anything found in the ' +
        'sandbox: pass --fs (or --pg) with data the tool can act on',
    });
    expect(tool.calls).toEqual({
      total: 10,
      errors: 10,
      invalidArguments: 0,
      pooledShare: 0,
      commands: 5,
      metExisting: 0,
      // Its only tool claims to be read-only: no tool to build state with, so every command ran alone.
      afterPreamble: 0,
    });
    expect(result.stdout).toMatch(/always_fails.*every call failed/);
  });

  it('files a server writes at start-up are not blamed on its tools', async () => {
    const result = await runCli(
      ['check', '--runs', '5', '--seed', '7', '--', 'node', join(fixtures, 'writes-on-start.js'), '{fs}'],
      {
        json: true,
      },
    );
    expect(result.code).toBe(0);
    expect(statuses(result.report!).look?.readOnlyHint).toBe('consistent');
  });

  it('ambient changes are listed and excluded, while a real write is still caught', async () => {
    const result = await runCli(
      ['check', '--runs', '5', '--seed', '7', '--', 'node', join(fixtures, 'ambient.js'), '{fs}'],
      {
        json: true,
      },
    );
    expect(result.code).toBe(1);
    const report = result.report!;
    // The clock file, or its line (a text file is compared by lines once it exists at both ends of a pause).
    const ofFile = (file: string) => (entity: string) =>
      entity === file || entity.startsWith(`${file}#[line `);
    expect(report.ambient.map((change) => change.entity).some(ofFile('clock.txt'))).toBe(true);
    expect(statuses(report).peek?.readOnlyHint).toBe('consistent');
    const flag = report.tools.find((tool) => tool.name === 'touch_flag')!.verdicts.readOnlyHint;
    expect(flag.status).toBe('contradicted');
    const evidence = flag.status === 'contradicted' ? flag.evidence.changes.map((c) => c.entity) : [];
    expect(evidence.length).toBeGreaterThan(0);
    expect(evidence.every(ofFile('flag.txt')), evidence.join(', ')).toBe(true);
    expect(result.stdout).toMatch(/Ambient changes[\s\S]*clock\.txt/);
  });

  it('a tool that never answers times out: inconclusive, and the other tool keeps its verdict', async () => {
    const result = await runCli(
      ['check', '--runs', '2', '--seed', '7', '--timeout', '0.5', '--', 'node', join(fixtures, 'hang.js')],
      { json: true, timeoutMs: 60_000 },
    );
    expect(result.code).toBe(0);
    const verdicts = statuses(result.report!);
    expect(verdicts.stall?.readOnlyHint).toBe('inconclusive');
    // ping keeps no state: blind, never consistent, and never blamed for stall's time-outs.
    expect(result.report!.tools.find((tool) => tool.name === 'ping')!.verdicts.readOnlyHint).toEqual({
      status: 'inconclusive',
      reason: BLIND_REASON,
    });
    expect(JSON.stringify(result.report!.tools.find((t) => t.name === 'stall'))).toMatch(/time-out/);
  });
});
