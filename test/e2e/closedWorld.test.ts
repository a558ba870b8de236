import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtures, runCli } from './runCli.js';

const server = ['--', 'node', join(fixtures, 'closed-world.js')];

describe('closed-world determinism (closed-world.js)', () => {
  it('finds the closed-world die, and none of the tools whose answers vary by design or by state', async () => {
    const result = await runCli(['check', '--runs', '10', '--seed', '7', ...server], { json: true });
    // A finding fails nothing.
    expect(result.code).toBe(0);
    const tools = result.report!.tools;
    const found = tools.filter((tool) => tool.closedWorld !== undefined).map((tool) => tool.name);
    // new_ticket: a fresh UUID and time; increment: a counter in memory; next_colour: a wheel in memory (the
    // fresh replay answers as the session's first call did); list_colours: one set in random order;
    // roll_open: random, but it claims an open world.
    expect(found).toEqual(['roll_dice']);
    const dice = tools.find((tool) => tool.name === 'roll_dice')!;
    expect(dice.verdicts.openWorldHint.status).toBe('consistent');
    expect(dice.closedWorld).toMatchObject({
      title: 'roll_dice claims openWorldHint: false but answered the same call differently in the same state',
      args: {},
    });
    expect(dice.closedWorld!.answers[0]).toMatch(/^\{"face":"[A-T]"\}$/);
    expect(dice.closedWorld!.answers[0]).not.toBe(dice.closedWorld!.answers[1]);
    expect(dice.closedWorld!.replay).toMatch(/--tool roll_dice --seed \d+ --path \S+/);
    expect(result.stdout).toContain('Closed-world findings');
  });

  it('with --strict-closed-world the finding contradicts openWorldHint: false, with both answers', async () => {
    const result = await runCli(
      ['check', '--runs', '10', '--seed', '7', '--tool', 'roll_dice', '--strict-closed-world', ...server],
      { json: true },
    );
    expect(result.code).toBe(1);
    const dice = result.report!.tools[0]!;
    expect(dice.closedWorld).toBeUndefined();
    const verdict = dice.verdicts.openWorldHint;
    expect(verdict.status).toBe('contradicted');
    if (verdict.status !== 'contradicted') return;
    expect(verdict.evidence.answers).toHaveLength(2);
    expect(verdict.evidence.replay).toContain('--strict-closed-world');
    expect(result.stdout).toMatch(/Observed: answered \{"face":"[A-T]"\}/);
  });

  it('a --path replay of the colour wheel gets none: the makings before its run are replayed too', async () => {
    // A replay makes the command up to 6 times on one session; the run it reports is the last. The fresh
    // sandbox must see those makings first, or the wheel (7 colours, 10 calls on) answers it otherwise.
    const result = await runCli(
      ['check', '--runs', '10', '--seed', '7', '--tool', 'next_colour', '--path', '2', ...server],
      { json: true },
    );
    expect(result.code).toBe(0);
    expect(result.report!.tools[0]?.closedWorld).toBeUndefined();
  });
});
