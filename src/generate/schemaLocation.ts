import { MAX_REF_DEPTH, RecursionLimitError } from './recursionLimitError.js';
import { isSchemaObject } from './schemaObject.js';
import { UnsupportedSchemaError } from './unsupportedSchemaError.js';

/** Where the walk over a schema stands: the schema's place in the document and the property it generates. */
export interface SchemaLocation {
  /** JSON pointer reference tokens from the document root, unescaped. */
  readonly tokens: readonly string[];
  /** The nearest enclosing property name; array items inherit it (`paths: string[]` steers like `path`). */
  readonly propertyName: string | undefined;
  /** `$ref` targets being expanded on the way here, to bound recursive schemas. */
  readonly expandingRefs: readonly string[];
}

export const ROOT_LOCATION: SchemaLocation = { tokens: [], propertyName: undefined, expandingRefs: [] };

/** The location of a subschema, e.g. `childLocation(at, ['properties', 'path'], 'path')`. */
export function childLocation(
  parent: SchemaLocation,
  tokens: readonly string[],
  propertyName: string | undefined = parent.propertyName,
): SchemaLocation {
  return { tokens: [...parent.tokens, ...tokens], propertyName, expandingRefs: parent.expandingRefs };
}

/** The location as a JSON pointer in URI fragment form, e.g. `#/properties/a~1b`. */
export function pointerOf(location: Pick<SchemaLocation, 'tokens'>): string {
  return `#${location.tokens.map((token) => `/${encodeFragment(escapeToken(token))}`).join('')}`;
}

/**
 * Resolves a `$ref` that points into the same document (`#` or `#/…`); anything else (remote documents,
 * `$anchor` names) is unresolvable here.
 */
export function resolveLocalRef(
  root: unknown,
  ref: string,
  at: SchemaLocation,
): { schema: unknown; location: SchemaLocation } {
  const unresolvable = (): UnsupportedSchemaError =>
    new UnsupportedSchemaError(pointerOf(at), `unresolvable $ref ${JSON.stringify(ref)}`);
  if (ref !== '#' && !ref.startsWith('#/')) throw unresolvable();
  const tokens = ref === '#' ? [] : ref.slice(2).split('/').map(decodeToken);
  let schema: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(schema) && /^(0|[1-9][0-9]*)$/.test(token)) schema = schema[Number(token)];
    else if (isSchemaObject(schema) && Object.hasOwn(schema, token)) schema = schema[token];
    else throw unresolvable();
  }
  if (schema === undefined) throw unresolvable();
  if (at.expandingRefs.filter((expanding) => expanding === ref).length >= MAX_REF_DEPTH) {
    throw new RecursionLimitError(
      pointerOf(at),
      `recursive $ref ${JSON.stringify(ref)} that does not end within ${MAX_REF_DEPTH} levels`,
    );
  }
  return {
    schema,
    location: { tokens, propertyName: at.propertyName, expandingRefs: [...at.expandingRefs, ref] },
  };
}

function escapeToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Percent-encodes only what a URI fragment may not hold, so `$defs` and `a:b` stay readable. */
function encodeFragment(text: string): string {
  return text.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@]/gu, (character) => encodeURIComponent(character));
}

function decodeToken(token: string): string {
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // Not percent-encoded after all: use it as written.
  }
  return decoded.replaceAll('~1', '/').replaceAll('~0', '~');
}
