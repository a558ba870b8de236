/** The default cut for arguments shown on one line of progress output. */
export const ARGS_MAX_LENGTH = 120;

/**
 * Tool arguments as compact JSON on one line, cut to `maxLength` characters (code points) with a trailing `…`.
 * Placeholders such as `{fs}` are shown as generated.
 */
export function formatArgs(args: Readonly<Record<string, unknown>>, maxLength = ARGS_MAX_LENGTH): string {
  const json = toJson(args);
  const chars = Array.from(json);
  if (chars.length <= maxLength) return json;
  return `${chars.slice(0, Math.max(0, maxLength - 1)).join('')}…`;
}

function toJson(args: Readonly<Record<string, unknown>>): string {
  try {
    return JSON.stringify(args, (_key, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
  } catch {
    return '[arguments that cannot be shown as JSON]';
  }
}
