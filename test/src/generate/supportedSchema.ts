import fc from 'fast-check';

/**
 * JSON values for `enum`, `const` and `default`. ajv's deep equality throws on objects with own `valueOf` or
 * `toString` members (generation then refuses the constant: see schemaToArbitrary.test.ts), so none here.
 */
const constant = fc
  .jsonValue({ maxDepth: 1 })
  .filter((value) => !/"(?:valueOf|toString)":/.test(JSON.stringify(value)));

const PROPERTY_NAMES = [
  'path',
  'paths',
  'name',
  'noteId',
  'content',
  'destination',
  'a/b',
  'constructor',
  'x',
];

/** `min..max` bounds that hold at least one integer, in inclusive or exclusive form, sometimes fractional. */
const integerBounds = fc
  .record({
    low: fc.integer({ min: -50, max: 50 }),
    width: fc.integer({ min: 2, max: 20 }),
    fraction: fc.constantFrom(0, 0.5),
    lowExclusive: fc.boolean(),
    highExclusive: fc.boolean(),
    keep: fc.constantFrom('both', 'low', 'high', 'none'),
  })
  .map(({ low, width, fraction, lowExclusive, highExclusive, keep }) => ({
    ...(keep !== 'high' &&
      keep !== 'none' && { [lowExclusive ? 'exclusiveMinimum' : 'minimum']: low - fraction }),
    ...(keep !== 'low' &&
      keep !== 'none' && { [highExclusive ? 'exclusiveMaximum' : 'maximum']: low + width + fraction }),
  }));

const stringKeywords = fc
  .record({ minLength: fc.nat(6), span: fc.option(fc.nat(8), { nil: undefined }) })
  .map(({ minLength, span }) => ({ minLength, ...(span !== undefined && { maxLength: minLength + span }) }));

const arrayBounds = fc
  .record({ minItems: fc.nat(3), span: fc.option(fc.nat(3), { nil: undefined }) })
  .map(({ minItems, span }) => ({ minItems, ...(span !== undefined && { maxItems: minItems + span }) }));

/**
 * Random schemas made only of the constructs generation supports, nested up to a few levels: every value
 * generated from any of them must validate.
 */
export function supportedSchema(): fc.Arbitrary<Record<string, unknown>> {
  const { schema } = fc.letrec<{ schema: Record<string, unknown>; object: Record<string, unknown> }>(
    (tie) => ({
      schema: fc
        .tuple(
          fc.oneof(
            { depthSize: 'small', withCrossShrink: true },
            fc.constant({ type: 'boolean' }),
            fc.constant({ type: 'null' }),
            stringKeywords.map((keywords) => ({ type: 'string', ...keywords })),
            integerBounds.map((bounds) => ({ type: 'integer', ...bounds })),
            integerBounds.map((bounds) => ({ type: 'number', ...bounds })),
            integerBounds.map((bounds) => ({ type: ['integer', 'null', 'string'], ...bounds, maxLength: 3 })),
            fc
              .uniqueArray(constant, {
                minLength: 1,
                maxLength: 4,
                selector: (v) => JSON.stringify(v),
              })
              .map((values) => ({ enum: values })),
            constant.map((value) => ({ const: value })),
            fc.constant({}),
            tie('object'),
            fc
              .tuple(tie('schema'), arrayBounds)
              .map(([items, bounds]) => ({ type: 'array', items, ...bounds })),
          ),
          fc.option(constant, { nil: undefined, freq: 3 }),
        )
        .map(([schema, fallback]) => (fallback === undefined ? schema : { ...schema, default: fallback })),
      object: fc
        .uniqueArray(fc.tuple(fc.constantFrom(...PROPERTY_NAMES), tie('schema'), fc.boolean()), {
          maxLength: 4,
          selector: ([name]) => name,
        })
        .map((entries) => ({
          type: 'object',
          properties: Object.fromEntries(entries.map(([name, schema]) => [name, schema])),
          required: entries.filter(([, , required]) => required).map(([name]) => name),
          additionalProperties: false,
        })),
    }),
  );
  return schema;
}
