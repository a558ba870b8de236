import { describe, expect, it } from 'vitest';
import { detectIsolation } from '../../../../harness/process/isolation.js';
import { familyFilterGap } from '../../../../harness/process/sandboxExec.js';
import { isolationPlan } from '../../../../src/engine/session/isolationPlan.js';
import { SetupError } from '../../../../src/model/setupError.js';

const spawned = { wanted: true, inProcess: false };

describe('isolationPlan', () => {
  it('says why a run is not isolated, and leaves egress unobserved then', () => {
    const off = isolationPlan({ ...spawned, wanted: false }, {});
    expect(off).toMatchObject({ isolation: 'none', note: '--no-isolation' });
    expect(off.egressUnobserved).toMatch(/not isolated \(--no-isolation\)/);
    expect(off.spawn).toBeUndefined();
    expect(isolationPlan({ ...spawned, inProcess: true }, {}).isolation).toBe('none');
  });

  it('isolates a spawned run with what the machine has (a pg environment changes nothing)', () => {
    const plan = isolationPlan(spawned, {});
    expect(plan.isolation).toBe(detectIsolation().kind);
    if (plan.isolation !== 'none') expect(plan.spawn?.mechanism).toBe(plan.isolation);
    // Isolated, the note says what the sandbox lacks here: nothing on a host the socket filter knows.
    if (plan.isolation !== 'none') expect(plan.note).toBe(familyFilterGap());
  });

  it.runIf(detectIsolation('unshare').kind === 'unshare')(
    'HINTPROOF_ISOLATION=unshare picks the fallback',
    () => {
      const plan = isolationPlan(spawned, { HINTPROOF_ISOLATION: 'unshare' });
      expect(plan).toMatchObject({ isolation: 'unshare', spawn: { mechanism: 'unshare' } });
    },
  );

  it('HINTPROOF_DISK_LIMIT_MB and _FILES set the disk limit; bad values are set-up errors that say what was received', () => {
    const plan = isolationPlan(spawned, { HINTPROOF_DISK_LIMIT_MB: '300' });
    if (plan.isolation !== 'none')
      expect(plan.spawn?.disk).toEqual({ bytes: 300 * 1024 ** 2, entries: 100_000 });
    const files = isolationPlan(spawned, { HINTPROOF_DISK_LIMIT_FILES: '2500' });
    if (files.isolation !== 'none') expect(files.spawn?.disk).toEqual({ bytes: 1024 ** 3, entries: 2500 });
    expect(() => isolationPlan(spawned, { HINTPROOF_DISK_LIMIT_FILES: '-3' })).toThrow(
      /HINTPROOF_DISK_LIMIT_FILES must be a positive number of files and directories \(received "-3"\)/,
    );
    expect(() => isolationPlan(spawned, { HINTPROOF_DISK_LIMIT_MB: 'lots' })).toThrow(SetupError);
    expect(() => isolationPlan(spawned, { HINTPROOF_DISK_LIMIT_MB: 'lots' })).toThrow(/received "lots"/);
    expect(() => isolationPlan(spawned, { HINTPROOF_ISOLATION: 'docker' })).toThrow(
      /HINTPROOF_ISOLATION must be "bubblewrap" or "unshare" \(received "docker"\)/,
    );
  });
});
