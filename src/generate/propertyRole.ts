/**
 * What a string property probably names, judged from its name: a `path` (file, directory, source…), a
 * `target` (a destination path, which usually must not exist yet), a `name` (a bare name, title, key or
 * identifier of an entity), or free `text`.
 */
export type PropertyRole = 'path' | 'target' | 'name' | 'text';

const TARGET_WORDS = new Set(['destination', 'dest', 'target']);

const PATH_WORDS = new Set([
  'path',
  'pathname',
  'file',
  'filename',
  'filepath',
  'dir',
  'dirname',
  'directory',
  'folder',
  'source',
  'src',
]);

const NAME_WORDS = new Set([
  'name',
  'title',
  'key',
  'id',
  'identifier',
  'note',
  'slug',
  'label',
  'tag',
  'table',
]);

/**
 * The role of a property from the last word of its name, in any case style and singular or plural:
 * `path`, `paths`, `file_path`, `targetPath`, `source` → path; `destination`, `dest` → target; `name`, `noteId`, `user_name`, `title` → name.
 */
export function propertyRole(propertyName: string | undefined): PropertyRole {
  const words = (propertyName ?? '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  const last = words.at(-1);
  if (last === undefined) return 'text';
  const forms = last.length > 2 && last.endsWith('s') ? [last, last.slice(0, -1)] : [last];
  if (forms.some((form) => TARGET_WORDS.has(form))) return 'target';
  if (forms.some((form) => PATH_WORDS.has(form))) return 'path';
  if (forms.some((form) => NAME_WORDS.has(form))) return 'name';
  return 'text';
}

const PATH_DESCRIPTION =
  /\b(path|file ?path|filename|file name|directory|folder|repository path|repo path)\b|\bpath to\b|\bdirectory of\b/i;
const PATH_FORMATS = new Set(['path', 'file-path', 'filepath', 'directory', 'dir-path', 'uri-reference']);

/**
 * The role of a string property from its name (`propertyRole`), and when the name says nothing, from its
 * schema: a `format` such as `path` or a description such as "Path to the git repository" → path.
 */
export function schemaRole(
  propertyName: string | undefined,
  schema: { readonly description?: unknown; readonly format?: unknown },
): PropertyRole {
  const byName = propertyRole(propertyName);
  if (byName !== 'text') return byName;
  if (typeof schema.format === 'string' && PATH_FORMATS.has(schema.format.toLowerCase())) return 'path';
  const description = typeof schema.description === 'string' ? schema.description : '';
  if (PATH_DESCRIPTION.test(description) && !/\burl\b|\bhttps?:/i.test(description)) return 'path';
  return 'text';
}
