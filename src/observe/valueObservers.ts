import { createSchemaValidator } from '../generate/schemaValidator.js';
import { declaredHints, effectiveHints } from '../hints/effectiveHints.js';
import type { ResourceTemplateInfo, ToolInfo } from '../mcp/index.js';
import { byCodeUnits, DEFAULT_MAX_OBSERVERS, takeDistinct } from './findObservers.js';
import type { Observer } from './observer.js';

/** Longest string value put into an observer's arguments or uri. */
const MAX_VALUE_CHARS = 200;

/**
 * Observers that need a value seen in the run (an id a create tool returned): each tool whose effective
 * `readOnlyHint` is true and that requires exactly one argument, a string or a number, called with each value
 * of that type that its input schema accepts (`get_item {"id":"i1"}`); then each resource template with
 * exactly one simple expression (`memo://items/{id}`), filled with each value, percent-encoded as RFC 6570
 * simple expansion does. Tools and templates sorted by name, values in the order given; at most `max`, with
 * distinct keys. Such an observer is calibrated like any other before it is read around calls; one that
 * claims read-only but writes (a `get_item` that counts views) is dropped there as a writer. Pure.
 */
export function valueObservers(
  tools: readonly ToolInfo[],
  templates: readonly ResourceTemplateInfo[],
  values: readonly (string | number)[],
  max = DEFAULT_MAX_OBSERVERS,
): Observer[] {
  const usable = [
    ...new Set(
      values.filter((value) =>
        typeof value === 'string' ? value !== '' && value.length <= MAX_VALUE_CHARS : Number.isFinite(value),
      ),
    ),
  ];
  const fromTools = [...tools]
    .filter((tool) => effectiveHints(declaredHints(tool.annotations)).readOnlyHint)
    .sort((a, b) => byCodeUnits(a.name, b.name))
    .flatMap((tool) => toolObservers(tool, usable));
  const fromTemplates = [...templates]
    .sort((a, b) => byCodeUnits(a.uriTemplate, b.uriTemplate))
    .flatMap((template) => templateObservers(template.uriTemplate, usable));
  return takeDistinct([...fromTools, ...fromTemplates], max);
}

/** One validator per input schema: a session asks again with every call's values, and ajv compiles slowly. */
const validators = new WeakMap<object, ReturnType<typeof createSchemaValidator>>();

/**
 * Whether any tool or template could become a value observer once the run has values: a read-only tool that
 * requires exactly one argument, or a template with exactly one simple expression. Pure.
 */
export function observableByValue(
  tools: readonly ToolInfo[],
  templates: readonly ResourceTemplateInfo[],
): boolean {
  return (
    tools.some(
      (tool) =>
        effectiveHints(declaredHints(tool.annotations)).readOnlyHint && onlyArgument(tool) !== undefined,
    ) || templates.some((template) => onlyExpression(template.uriTemplate) !== undefined)
  );
}

/** The name of the one argument a tool requires, when it requires exactly one. */
function onlyArgument(tool: ToolInfo): string | undefined {
  const schema = tool.inputSchema;
  if (typeof schema !== 'object' || schema === null) return undefined;
  const { required } = schema as { required?: unknown };
  if (!Array.isArray(required) || required.length !== 1 || typeof required[0] !== 'string') return undefined;
  return required[0];
}

/** A template's one simple expression (`{id}`, no operator), when it has exactly one. */
function onlyExpression(template: string): string | undefined {
  const expressions = template.match(/\{[^}]*\}/g) ?? [];
  const [expression] = expressions;
  return expressions.length === 1 && expression !== undefined && /^\{[A-Za-z0-9_.%]+\}$/.test(expression)
    ? expression
    : undefined;
}

function toolObservers(tool: ToolInfo, values: readonly (string | number)[]): Observer[] {
  const schema = tool.inputSchema;
  const name = onlyArgument(tool);
  if (name === undefined || typeof schema !== 'object' || schema === null) return [];
  const { properties } = schema as { properties?: unknown };
  const property =
    typeof properties === 'object' && properties !== null
      ? (properties as Record<string, unknown>)[name]
      : undefined;
  const type =
    typeof property === 'object' && property !== null ? (property as { type?: unknown }).type : undefined;
  const fits = (value: string | number) =>
    typeof value === 'string'
      ? type === undefined || type === 'string'
      : type === undefined || type === 'number' || (type === 'integer' && Number.isInteger(value));
  let validate = validators.get(schema);
  try {
    validate ??= createSchemaValidator(schema);
  } catch {
    return [];
  }
  validators.set(schema, validate);
  const observers: Observer[] = [];
  for (const value of values) {
    if (!fits(value)) continue;
    const args = { [name]: value };
    try {
      if (validate(args, schema, '')) observers.push({ kind: 'tool', name: tool.name, args });
    } catch {
      // A schema ajv cannot compile says nothing reliable: no observer from this tool.
      return [];
    }
  }
  return observers;
}

/** A template with exactly one simple expression (`{id}`, no operator), filled with each value. */
function templateObservers(template: string, values: readonly (string | number)[]): Observer[] {
  const expression = onlyExpression(template);
  if (expression === undefined) return [];
  return values.map((value) => ({
    kind: 'resource',
    name: template.replace(expression, () => encodeSimple(String(value))),
  }));
}

/** RFC 6570 simple string expansion: every character outside the unreserved set percent-encoded. */
function encodeSimple(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
