import { declaredHints, effectiveHints } from '../../hints/effectiveHints.js';
import type { ToolInfo } from '../../mcp/index.js';

/** Tool names that say they create state. */
const CREATES =
  /^(create|add|insert|put|new|post|save|set|write|store|upload|register|make|append|push)(_|-|[A-Z]|$)/;

/** The last word of a property that refers to an entity made elsewhere: `requestId`, `task_id`, `entityName`. */
const REFERENCE_WORDS = new Set(['id', 'ids', 'name', 'names', 'key', 'uuid']);

/**
 * The tools likely to build state for `target`, before any is seen doing so: names that say they create
 * (`create_entities`, `addBookmark`, `git_set_working_dir` among tools all named `git_…`), annotations that
 * claim a non-destructive writer (`readOnlyHint: false`, `destructiveHint: false`), and, by data flow, tools named after an entity whose id or name the target takes
 * without taking it themselves (`request_planning` for a target's `requestId`: a tool that needs a request id
 * cannot be the one that makes it). Pure and deterministic from the tool list; only a starting point that
 * preambles favour.
 */
export function likelyProducers(tools: readonly ToolInfo[], target?: ToolInfo): string[] {
  const entities = target === undefined ? [] : referencedEntities(target);
  const prefix = sharedPrefix(tools);
  return tools
    .filter((tool) => {
      const effective = effectiveHints(declaredHints(tool.annotations));
      const verb = tool.name.slice(prefix.length);
      if (
        CREATES.test(tool.name) ||
        CREATES.test(verb) ||
        (!effective.readOnlyHint && !effective.destructiveHint)
      )
        return true;
      if (tool.name === target?.name || effective.readOnlyHint) return false;
      const taken = new Set(propertiesOf(tool));
      const words = new Set(wordsOf(tool.name).flatMap((word) => [word, singular(word)]));
      return entities.some(({ property, entity }) => !taken.has(property) && words.has(entity));
    })
    .map((tool) => tool.name);
}

/**
 * The namespace every tool's name begins with, up to a `_`, `-` or `.` (`git_` for `git_set_working_dir`,
 * `git_log`…), so that the verb after it is read; empty when they share none (or there is one tool).
 */
function sharedPrefix(tools: readonly ToolInfo[]): string {
  const [first, ...rest] = tools.map((tool) => tool.name);
  if (first === undefined || rest.length === 0) return '';
  const cut = /^[A-Za-z0-9]+[_.-]/.exec(first)?.[0];
  return cut !== undefined && rest.every((name) => name.startsWith(cut) && name.length > cut.length)
    ? cut
    : '';
}

/** The entities a tool's properties refer to by id or name: `requestId` → request (property `requestId`). */
function referencedEntities(tool: ToolInfo): Array<{ property: string; entity: string }> {
  return propertiesOf(tool).flatMap((property) => {
    const words = wordsOf(property);
    const last = words.at(-1);
    if (words.length < 2 || last === undefined || !REFERENCE_WORDS.has(last)) return [];
    return [{ property, entity: singular(words.at(-2) as string) }];
  });
}

function propertiesOf(tool: ToolInfo): string[] {
  const properties = (tool.inputSchema as { properties?: unknown }).properties;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}

/** The lower-case words of a name in any case style: `requestId` → request, id; `add_tasks` → add, tasks. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

function singular(word: string): string {
  if (word.endsWith('ies') && word.length > 3) return `${word.slice(0, -3)}y`;
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}
