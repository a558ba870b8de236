import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Change } from '../../../harness/index.js';
import { effectiveHints } from '../../../src/hints/effectiveHints.js';
import {
  HIGHEST_SCORE,
  SEVERITIES,
  assessImpact,
  clientsActingOn,
  withImpact,
} from '../../../src/hints/severity.js';
import { HINT_NAMES, SPEC_DEFAULTS } from '../../../src/model/hints.js';
import type { DeclaredHints, HintName } from '../../../src/model/hints.js';
import type { Evidence, Severity, Verdict } from '../../../src/model/report.js';

const change = (kind: Change['kind']): Change => ({
  kind,
  environment: 'fs',
  entity: 'notes/a.md',
  detail: '',
});
const tool = (declared: DeclaredHints) => ({ declared, effective: effectiveHints(declared) });
const clientsOf = (hint: HintName, declared: DeclaredHints, kinds: Change['kind'][] = ['add']) =>
  assessImpact(hint, tool(declared), { call: 1, changes: kinds.map(change) }).clients.map((c) => c.client);

/** GitHub code scanning's bands for security-severity. */
function band(score: number): Severity {
  if (score > 9.0) return 'critical';
  if (score >= 7.0) return 'high';
  if (score >= 4.0) return 'medium';
  return 'low';
}

const hintArb = fc.constantFrom(...HINT_NAMES);
const declaredArb = fc.record(
  {
    readOnlyHint: fc.boolean(),
    destructiveHint: fc.boolean(),
    idempotentHint: fc.boolean(),
    openWorldHint: fc.boolean(),
  },
  { requiredKeys: [] },
);
const kindsArb = fc.array(fc.constantFrom<Change['kind']>('add', 'append', 'modify', 'delete', 'counter'), {
  maxLength: 5,
});
/** A contradicted claim: the hint declared at its tighter value, the others anything. */
const claimArb = fc
  .tuple(hintArb, declaredArb, kindsArb, fc.constantFrom<1 | 2>(1, 2))
  .map(([hint, declared, kinds, call]) => ({
    hint,
    declared: { ...declared, [hint]: !SPEC_DEFAULTS[hint] },
    evidence: { call, changes: kinds.map(change) },
  }));

describe('assessImpact', () => {
  it('is pure: the same contradiction gets the same impact, and its inputs are left as they were', () => {
    fc.assert(
      fc.property(claimArb, ({ hint, declared, evidence }) => {
        const frozen = Object.freeze({
          ...evidence,
          changes: Object.freeze(evidence.changes.map((c) => Object.freeze(c))),
        });
        const hints = Object.freeze(tool(Object.freeze({ ...declared })));
        expect(assessImpact(hint, hints, frozen)).toEqual(assessImpact(hint, hints, frozen));
      }),
    );
  });

  it("scores within GitHub's band for its severity, never above the hint's highest", () => {
    fc.assert(
      fc.property(claimArb, ({ hint, declared, evidence }) => {
        const impact = assessImpact(hint, tool(declared), evidence);
        expect(SEVERITIES).toContain(impact.severity);
        expect(band(impact.score)).toBe(impact.severity);
        expect(impact.score).toBeLessThanOrEqual(HIGHEST_SCORE[hint]);
        expect(impact.clients.map((c) => c.client)).toEqual(
          clientsActingOn(hint, tool(declared)).map((r) => r.client),
        );
      }),
    );
  });

  it('never scores a contradiction lower for a delete added to its changes', () => {
    fc.assert(
      fc.property(claimArb, ({ hint, declared, evidence }) => {
        const worse = { ...evidence, changes: [...evidence.changes, change('delete')] };
        expect(assessImpact(hint, tool(declared), worse).score).toBeGreaterThanOrEqual(
          assessImpact(hint, tool(declared), evidence).score,
        );
      }),
    );
  });

  it('makes a false readOnlyHint critical, a delete above a rewrite above an add', () => {
    const score = (kind: Change['kind']) =>
      assessImpact('readOnlyHint', tool({ readOnlyHint: true }), { call: 1, changes: [change(kind)] });
    expect(score('append')).toMatchObject({ severity: 'critical', score: 9.1 });
    expect(score('modify')).toMatchObject({ severity: 'critical', score: 9.5 });
    expect(score('delete')).toMatchObject({ severity: 'critical', score: 9.8 });
    expect(clientsOf('readOnlyHint', { readOnlyHint: true })).toEqual(
      expect.arrayContaining([
        'VS Code (Copilot agent mode)',
        'Codex',
        'Qwen Code',
        'Claude Code',
        'Gemini CLI',
      ]),
    );
  });

  it("follows Codex's rule: a read-only tool declared destructive still asks", () => {
    expect(clientsOf('readOnlyHint', { readOnlyHint: true, destructiveHint: true })).not.toContain('Codex');
  });

  it('makes a false destructiveHint critical when it deleted, high when it only rewrote, where Codex acts (openWorldHint false)', () => {
    const declared = { destructiveHint: false };
    const closed = { destructiveHint: false, openWorldHint: false };
    const impact = (d: DeclaredHints, kind: Change['kind']) =>
      assessImpact('destructiveHint', tool(d), { call: 1, changes: [change(kind)] });
    expect(impact(closed, 'delete')).toMatchObject({ severity: 'critical', score: 9.3 });
    expect(impact(closed, 'modify')).toMatchObject({ severity: 'high', score: 8.0 });
    // Open-world, only a row without a public source (Claude Desktop's unattended runs) acts on it: listed, not
    // weighed.
    const open = impact(declared, 'delete');
    expect(open.severity).toBe('low');
    expect(open.reason).toMatch(/have none/);
    expect(clientsOf('destructiveHint', declared)).not.toContain('Codex');
    expect(clientsOf('destructiveHint', closed)).toContain('Codex');
  });

  it('makes egress high, higher when Codex also runs the tool unasked', () => {
    const egress = (d: DeclaredHints) => assessImpact('openWorldHint', tool(d), { call: 1, changes: [] });
    expect(egress({ openWorldHint: false })).toMatchObject({ severity: 'high', score: 7.2 });
    expect(egress({ openWorldHint: false, destructiveHint: false })).toMatchObject({
      severity: 'high',
      score: 8.2,
    });
  });

  it('makes a repeat that changed state again medium', () => {
    const repeat = (kind: Change['kind']) =>
      assessImpact('idempotentHint', tool({ idempotentHint: true }), { call: 2, changes: [change(kind)] });
    expect(repeat('append')).toMatchObject({ severity: 'medium', score: 5.0 });
    expect(repeat('delete')).toMatchObject({ severity: 'medium', score: 6.5 });
  });

  it('is low when no client acts on the value as declared', () => {
    expect(assessImpact('readOnlyHint', tool(null), { call: 1, changes: [change('add')] })).toMatchObject({
      severity: 'low',
      clients: [],
    });
  });
});

describe('withImpact', () => {
  it('puts an impact on each contradiction and leaves other verdicts as they are', () => {
    const evidence = { call: 1, changes: [change('append')] } as unknown as Evidence;
    const verdicts: Record<HintName, Verdict> = {
      readOnlyHint: { status: 'contradicted', evidence },
      destructiveHint: { status: 'not-applicable' },
      idempotentHint: { status: 'not-applicable' },
      openWorldHint: { status: 'unchecked', reason: 'no egress' },
    };
    const judged = withImpact(tool({ readOnlyHint: true }), verdicts);
    expect(judged.readOnlyHint).toMatchObject({
      status: 'contradicted',
      evidence: { impact: { severity: 'critical' } },
    });
    expect(judged.openWorldHint).toBe(verdicts.openWorldHint);
    expect(verdicts.readOnlyHint).toEqual({ status: 'contradicted', evidence });
  });
});
