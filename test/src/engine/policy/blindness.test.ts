import { describe, expect, it } from 'vitest';
import { effectiveHints } from '../../../../src/hints/effectiveHints.js';
import type { ToolReport } from '../../../../src/model/report.js';
import { BLIND_REASON, blindReport, isBlind } from '../../../../src/engine/policy/blindness.js';

const effective = effectiveHints({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });

function tool(behaviour: string[], metExisting: number): ToolReport {
  return {
    name: 'remove_item',
    declared: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    effective,
    calls: { total: 10, errors: 0, metExisting },
    verdicts: {
      readOnlyHint: { status: 'consistent', observations: 5 },
      destructiveHint: { status: 'consistent', observations: 5 },
      idempotentHint: { status: 'consistent', observations: 5 },
      openWorldHint: { status: 'consistent', observations: 5 },
    },
    suggested: { ...effective, readOnlyHint: true },
    suggestedBasis: { readOnlyHint: 5, destructiveHint: 5, idempotentHint: 5, openWorldHint: 5 },
    behaviour: behaviour,
  };
}

describe('blindness', () => {
  it('is a check in which no tool changed anything and no call met existing state', () => {
    expect(isBlind([tool(['reads only'], 0), tool(['reads only'], 0)])).toBe(true);
  });

  it('is not a check in which some tool was seen to change state, or met existing state', () => {
    expect(isBlind([tool(['reads only'], 0), tool(['adds'], 0)])).toBe(false);
    expect(isBlind([tool(['reads only'], 0), tool(['reads only'], 3)])).toBe(false);
    expect(isBlind([])).toBe(false);
  });

  it('turns consistent state claims inconclusive with the reason, and suggests nothing tighter for them', () => {
    const blind = blindReport(tool(['reads only'], 0));
    for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint'] as const) {
      expect(blind.verdicts[hint]).toEqual({ status: 'inconclusive', reason: BLIND_REASON });
      expect(blind.suggested[hint]).toBe(effective[hint]);
      expect(blind.suggestedBasis?.[hint]).toBeUndefined();
    }
    expect(blind.verdicts.openWorldHint.status).toBe('consistent');
    expect(blind.suggested.readOnlyHint).toBe(false);
  });
});
