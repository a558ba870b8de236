import type fc from 'fast-check';
import type { HarvestedValue } from '../../harness/index.js';
import { createArgumentGuard } from './argumentGuard.js';
import { boundedFilter } from './boundedFilter.js';
import type { ArgumentGuard } from './argumentGuard.js';
import { resolveLiveChoices } from './seenValues.js';
import { schemaToArbitrary } from './schemaToArbitrary.js';
import { isSchemaObject } from './schemaObject.js';

export interface ArgumentsOptions {
  /**
   * The arguments as they will be sent, e.g. with `{fs}` substituted by a sandbox directory: a pooled path that
   * fits `maxLength` with the placeholder may not fit once substituted. Identity by default.
   */
  readonly resolve?: (args: Record<string, unknown>) => unknown;
  /**
   * Generate `LiveChoice`s for names and paths (see `valueMix`): values the run saw before the call, picked
   * when it is made. The filter below judges their fallbacks; the caller validates the resolved arguments again.
   */
  readonly live?: boolean;
  /** A call made to build state before the checked one: see `GenerationContext.building`. */
  readonly building?: boolean;
}

/** A tool's argument generator and guard, or the sentence that says why there is none. */
export type ToolArguments =
  | { ok: true; arbitrary: fc.Arbitrary<Record<string, unknown>>; guard: ArgumentGuard }
  | { ok: false; reason: string };

/**
 * The arguments to call a tool with: objects generated from its `inputSchema`, drawing on the harvested values,
 * and the guard that validates them before they are sent. Never throws for a bad schema: the outcome is
 * `ok: false` with a full sentence for the report, e.g.
 * `cannot generate arguments: unsupported keyword "oneOf" at #/properties/target`.
 */
export function argumentsFor(
  tool: { name: string; description?: string; inputSchema: unknown },
  harvested: readonly HarvestedValue[],
  options: ArgumentsOptions = {},
): ToolArguments {
  try {
    const guard = createArgumentGuard(tool.inputSchema);
    const schema = tool.inputSchema;
    if (!isSchemaObject(schema) || (schema.type !== undefined && schema.type !== 'object')) {
      return {
        ok: false,
        reason: `cannot generate arguments: the inputSchema must have "type": "object", received ${describeType(schema)}`,
      };
    }
    // An untyped inputSchema still describes the arguments object (MCP requires `type: "object"`).
    const objectSchema = schema.type === undefined ? { ...schema, type: 'object' } : schema;
    const about = {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
    };
    const built = schemaToArbitrary(objectSchema, {
      harvested,
      live: options.live ?? false,
      building: options.building ?? false,
      tool: about,
    }) as fc.Arbitrary<Record<string, unknown>>;
    // The last line of defence before the guard: judged as sent (placeholders substituted), on a bounded budget.
    const substitute = options.resolve ?? ((args: Record<string, unknown>) => args);
    const resolve = (args: Record<string, unknown>) => substitute(resolveLiveChoices(args, []));
    const arbitrary = boundedFilter(
      built,
      (args) => guard.validate(resolve(args)).valid,
      '#',
      'the input schema once placeholders are substituted',
    );
    return { ok: true, arbitrary, guard };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      reason: message.startsWith('cannot generate arguments:')
        ? message
        : `cannot generate arguments: ${message}`,
    };
  }
}

function describeType(schema: unknown): string {
  if (!isSchemaObject(schema)) return `a schema of ${JSON.stringify(schema) ?? typeof schema}`;
  return `"type": ${JSON.stringify(schema.type)}`;
}
