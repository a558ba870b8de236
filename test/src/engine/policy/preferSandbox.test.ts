import { describe, expect, it } from 'vitest';
import type { Change } from '../../../../harness/index.js';
import { preferSandbox } from '../../../../src/engine/policy/preferSandbox.js';

const change = (environment: string, kind: Change['kind'], entity = 'x'): Change => ({
  environment,
  kind,
  entity,
  detail: '',
});

describe('preferSandbox', () => {
  it('keeps what observers show when the sandbox saw nothing (state in memory)', () => {
    const seen = [change('observed', 'delete', 'list_items#/[id=i1]')];
    expect(preferSandbox(seen)).toEqual(seen);
  });

  it('leaves observers out when an environment hintproof holds changed (a window shifting is no delete)', () => {
    const sandbox = change('fs', 'append', '.git#refs/heads/main');
    expect(preferSandbox([sandbox, change('observed', 'delete', 'log#L10')])).toEqual([sandbox]);
  });

  it('does not let a counter (a cache, a sequence) stand for a sandbox change', () => {
    const seen = [change('fs', 'counter', '.git#COMMIT_EDITMSG'), change('observed', 'modify', 'log#L1')];
    expect(preferSandbox(seen)).toEqual(seen);
  });
});
