import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/model/report.js';
import { fixtures, runCli } from './runCli.js';

/** The openWorldHint verdict of each tool, as `tool: status`. */
function openWorld(report: Report | undefined): string[] {
  return (report?.tools ?? []).map((tool) => `${tool.name}: ${tool.verdicts.openWorldHint.status}`);
}

/** The egress a contradicted openWorldHint was blamed on, as `kind destination`. */
function blamed(report: Report | undefined, tool: string): string[] {
  const verdict = report?.tools.find((entry) => entry.name === tool)?.verdicts.openWorldHint;
  return verdict?.status === 'contradicted'
    ? (verdict.evidence.egress ?? []).map((attempt) => `${attempt.kind} ${attempt.destination}`)
    : [];
}

async function check(server: string, seed: number, options: readonly string[] = []) {
  const result = await runCli(
    ['check', '--runs', '2', '--seed', String(seed), ...options, '--', 'node', join(fixtures, server)],
    { json: true },
  );
  expect(result.report?.settings.isolation, 'egress is observed only isolated').not.toBe('none');
  return result;
}

// Servers that reach out shortly after they answer, while claiming a closed world: the settle waits for the
// timer the call set, and what its firing attempts is the call's, as a late write is. Before issue 32's fix
// the settle dropped it, and each of these lies came out consistent.
describe.concurrent('egress a call leaves for later is the call’s', () => {
  it('an upload 150 ms after the answer (a TCP connect)', async () => {
    const result = await check('upload-later.js', 1);
    expect(openWorld(result.report), result.stdout).toEqual([
      'summarize: contradicted',
      'word_count: consistent',
    ]);
    expect(blamed(result.report, 'summarize')).toEqual(['connect 127.0.0.1:4319']);
    expect(result.code).toBe(1);
  });

  it('a batch flushed 600 ms later on a UDP socket connected at start-up', async () => {
    const result = await check('batched-datagrams.js', 1);
    expect(openWorld(result.report), result.stdout).toEqual([
      'track: contradicted',
      'event_names: consistent',
    ]);
    expect(blamed(result.report, 'track')).toEqual(['datagram 127.0.0.1:8126']);
  });

  it('a sync debounced behind each call', async () => {
    const result = await check('debounced-sync.js', 1);
    expect(openWorld(result.report), result.stdout).toEqual(['edit: contradicted', 'read: consistent']);
    expect(blamed(result.report, 'edit')).toEqual(['datagram 127.0.0.1:8127']);
  });

  // The telemetry's timer fires while `remind`'s calls settle (they wait past the server's timers once its own
  // save trailed): that egress is kept with the call's, and the control run, reaching it too, calls it background.
  // No observers: each read would settle past three of the timer's fires, for a minute, and show nothing more.
  it('never blames telemetry sent every 300 ms whatever the calls do', async () => {
    const result = await check('periodic-telemetry.js', 1, ['--max-observers', '0']);
    expect(openWorld(result.report), result.stdout).toEqual([
      'ping: consistent',
      'remind: consistent',
      'reverse: consistent',
    ]);
    for (const tool of result.report?.tools ?? []) {
      const flaky = tool.flaky ?? [];
      expect(
        flaky.filter((entry) => entry.hint === 'openWorldHint'),
        tool.name,
      ).toEqual([]);
      // On a loaded machine remind's late line can land in a later call's settle: a replay never repeats it, so
      // it is flaky, never a contradiction; nothing else may be.
      const changed = flaky.flatMap((entry) => entry.changes.map((change) => change.entity));
      expect(
        changed.filter((entity) => entity !== 'reminders.log'),
        tool.name,
      ).toEqual([]);
    }
    for (const entry of result.report?.tools.flatMap((tool) => tool.ambientEgress ?? []) ?? [])
      expect(entry.egress.destination).toBe('127.0.0.1:4321');
    expect(result.code).toBe(0);
  });
});
