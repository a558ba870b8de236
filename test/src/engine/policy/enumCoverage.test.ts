import { describe, expect, it } from 'vitest';
import {
  enumProperties,
  isModeLike,
  recordEnumUse,
  unexercisedModes,
} from '../../../../src/engine/policy/enumCoverage.js';

const schema = {
  type: 'object',
  properties: {
    action: { type: 'string', enum: ['list', 'create', 'delete'] },
    format: { enum: ['json', 'text'] },
    kind: { oneOf: [{ const: 'add_item' }, { const: 'remove_item' }] },
    level: { enum: [1, 2] },
    only: { enum: ['one'] },
    name: { type: 'string' },
  },
};

describe('enumProperties', () => {
  it('finds top-level string enums of two values or more, and oneOf consts', () => {
    expect(enumProperties(schema)).toEqual({
      action: ['list', 'create', 'delete'],
      format: ['json', 'text'],
      kind: ['add_item', 'remove_item'],
    });
    expect(enumProperties({ type: 'object' })).toEqual({});
    expect(enumProperties(true)).toEqual({});
  });
});

describe('isModeLike', () => {
  it('by name, or by values that are verbs', () => {
    expect(isModeLike('action', ['a', 'b'])).toBe(true);
    expect(isModeLike('kind', ['add_item', 'remove_item'])).toBe(true);
    expect(isModeLike('format', ['json', 'text'])).toBe(false);
    expect(isModeLike('sort', ['asc', 'desc'])).toBe(false);
  });
});

describe('unexercisedModes', () => {
  const properties = enumProperties(schema);

  it('names what only was exercised and what never succeeded, in schema order', () => {
    const use = recordEnumUse({}, properties, { action: 'list', format: 'json' });
    expect(unexercisedModes(properties, use)).toEqual([
      'action: only list was exercised (create, delete never succeeded)',
      'kind: no value was exercised (add_item, remove_item never succeeded)',
    ]);
  });

  it('is empty once every mode succeeded; a value outside the enum counts for nothing', () => {
    let use = recordEnumUse({}, properties, { action: 'sneaky', kind: 'add_item' });
    for (const action of ['delete', 'list', 'create']) use = recordEnumUse(use, properties, { action });
    use = recordEnumUse(use, properties, { kind: 'remove_item' });
    expect(use.action).toEqual(['delete', 'list', 'create']);
    expect(unexercisedModes(properties, use)).toEqual([]);
  });

  it('lists at most eight missing values', () => {
    const values = Array.from({ length: 12 }, (_, i) => `op${i}`);
    const [line] = unexercisedModes({ operation: values }, { operation: ['op0'] });
    expect(line).toBe(
      'operation: only op0 was exercised (op1, op2, op3, op4, op5, op6, op7, op8 and 3 more never succeeded)',
    );
  });
});
