import fc from 'fast-check';
import type { HarvestedValue } from '../../harness/index.js';
import type { SchemaObject } from './schemaObject.js';
import { normalisedName } from './sourceNames.js';

/** Records of the sandbox tried against one object schema at most. */
const RECORDS_TRIED = 200;

/**
 * The properties of an object schema filled from one stored row or document (`record`), by name: a property
 * takes the member of the same name (case, `_` and `-` aside: `relation_type` = `relationType`), else the one
 * whose last word is the property's name (`type` ← `relation_type`, `name` ← `entity_name`). Only string
 * properties (a number member as its text) and number properties (a number member); `undefined` unless every
 * required property is filled and at least two are (one value alone is what a single argument draws from the
 * harvested values already). Pure.
 */
export function fitRecord(
  schema: SchemaObject,
  record: Readonly<Record<string, string | number>>,
): Record<string, string | number> | undefined {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null) return undefined;
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  const members = Object.entries(record);
  const filled: Record<string, string | number> = {};
  for (const [name, property] of Object.entries(properties as Record<string, unknown>)) {
    const type =
      typeof property === 'object' && property !== null ? (property as SchemaObject).type : undefined;
    const member = memberFor(name, members);
    if (member === undefined) continue;
    if (type === 'string' && (typeof member === 'string' || typeof member === 'number'))
      filled[name] = String(member);
    else if ((type === 'number' || type === 'integer') && typeof member === 'number') filled[name] = member;
  }
  const count = Object.keys(filled).length;
  if (count < 2 || required.some((name) => typeof name !== 'string' || !Object.hasOwn(filled, name)))
    return undefined;
  return filled;
}

function memberFor(
  property: string,
  members: ReadonlyArray<[string, string | number]>,
): string | number | undefined {
  const wanted = normalisedName(property);
  const exact = members.find(([key]) => normalisedName(key) === wanted);
  if (exact !== undefined) return exact[1];
  return members.find(([key]) => lastWord(key) === wanted)?.[1];
}

/** The last word of a name in any case style, lower case: `relation_type`, `relationType` → `type`. */
function lastWord(name: string): string {
  return (
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word !== '')
      .at(-1) ?? ''
  );
}

/**
 * Objects for `schema` that name a stored row or document together (`delete_relation {source, target,
 * type}` ← a row of `relations`): each fitting record (see `fitRecord`) laid over a generated object, kept
 * when the schema accepts the result. `undefined` when no harvested record fits. Pure.
 */
export function storedRecordArbitrary(
  schema: SchemaObject,
  harvested: readonly HarvestedValue[],
  generated: fc.Arbitrary<unknown>,
  accepts: (value: unknown) => boolean,
): fc.Arbitrary<unknown> | undefined {
  const fitted = harvested
    .filter((entry) => entry.kind === 'record' && entry.record !== undefined)
    .slice(0, RECORDS_TRIED)
    .flatMap((entry) => {
      const fit = fitRecord(schema, entry.record as Readonly<Record<string, string | number>>);
      return fit === undefined ? [] : [fit];
    });
  const distinct = [...new Map(fitted.map((fit) => [JSON.stringify(fit), fit])).values()];
  if (distinct.length === 0) return undefined;
  return fc
    .tuple(generated, fc.constantFrom(...distinct))
    .map(([object, fit]) => (typeof object === 'object' && object !== null ? { ...object, ...fit } : fit))
    .filter(accepts);
}
