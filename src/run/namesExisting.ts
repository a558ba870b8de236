/**
 * Whether generated arguments name an entity that existed before the call: some string among them (at any
 * depth) is one of the values harvested from the sandbox (a path, a name, a key). Pure.
 */
export function namesExisting(args: unknown, existing: ReadonlySet<string>): boolean {
  if (typeof args === 'string') return existing.has(args);
  if (Array.isArray(args)) return args.some((item) => namesExisting(item, existing));
  if (typeof args === 'object' && args !== null)
    return Object.values(args).some((item) => namesExisting(item, existing));
  return false;
}
