/**
 * What a string property probably names, judged from its name: a `path` (file, source…), a `directory` (a
 * path that must be a directory: `dir`, `folder`), a `target` (a destination path, which usually must not
 * exist yet), a `filename` (a file's own name, no directory: `filename`, `file_name`, `basename`), a `table`
 * of a database (`table`, `table_name`), a `name` (a bare name, title, key or identifier of an entity), or
 * free `text`.
 */
export type PropertyRole = 'path' | 'directory' | 'target' | 'filename' | 'table' | 'name' | 'text';

const TARGET_WORDS = new Set(['destination', 'dest', 'target']);

const PATH_WORDS = new Set(['path', 'pathname', 'file', 'filepath', 'source', 'src']);

const FILENAME_WORDS = new Set(['filename', 'basename']);

const DIRECTORY_WORDS = new Set(['dir', 'dirname', 'directory', 'folder']);

const NAME_WORDS = new Set(['name', 'title', 'key', 'id', 'identifier', 'note', 'slug', 'label', 'tag']);

/**
 * The role of a property from the last word of its name, in any case style and singular or plural:
 * `path`, `paths`, `file_path`, `targetPath`, `source` → path; `dir`, `OUTPUT_DIR`, `folders` → directory;
 * `destination`, `dest` → target; `filename`, `fileName`, `file_name`, `basename` → filename; `table`,
 * `table_name`, `tableName` → table; `name`, `noteId`, `user_name`, `title` → name.
 */
export function propertyRole(propertyName: string | undefined): PropertyRole {
  const words = wordsOf(propertyName);
  const last = words.at(-1);
  if (last === undefined) return 'text';
  if (/^tables?$/.test(last) || (words.at(-2) === 'table' && (last === 'name' || last === 'id')))
    return 'table';
  const forms = last.length > 2 && last.endsWith('s') ? [last, last.slice(0, -1)] : [last];
  if (forms.some((form) => FILENAME_WORDS.has(form) || (words.at(-2) === 'file' && form === 'name')))
    return 'filename';
  if (forms.some((form) => TARGET_WORDS.has(form))) return 'target';
  if (forms.some((form) => DIRECTORY_WORDS.has(form))) return 'directory';
  if (forms.some((form) => PATH_WORDS.has(form))) return 'path';
  if (forms.some((form) => NAME_WORDS.has(form))) return 'name';
  return 'text';
}

/** The lower-case words of a name in any case style: `targetPath` → target, path; `OUTPUT_DIR` → output, dir. */
function wordsOf(name: string | undefined): string[] {
  return (name ?? '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

const PATH_DESCRIPTION =
  /\b(path|file ?path|filename|file name|directory|folder|repository path|repo path)\b|\bpath to\b|\bdirectory of\b/i;
const PATH_FORMATS = new Set(['path', 'file-path', 'filepath', 'directory', 'dir-path', 'uri-reference']);

/**
 * The role of a string property from its name (`propertyRole`), and when the name says nothing, from its
 * schema: a `format` such as `path` or a description such as "Path to the git repository" → path. A path
 * that the name does not tie to a file (`path`, `source`, not `file_path`) is a `directory` when its own
 * description speaks of a directory and not of a file, or when its tool works on directories (see
 * `worksOnDirectories`): `list_directory`'s and `search_files`' `path`.
 */
export function schemaRole(
  propertyName: string | undefined,
  schema: { readonly description?: unknown; readonly format?: unknown },
  tool?: { readonly name: string; readonly description?: string },
): PropertyRole {
  const byName = propertyRole(propertyName);
  const description = typeof schema.description === 'string' ? schema.description : '';
  // "The file name" is a bare name unless its description asks for a path ("full path to the file").
  if (byName === 'filename') return FILENAME_AS_PATH.test(description) ? 'path' : 'filename';
  const path =
    byName === 'path' ||
    (byName === 'text' &&
      ((typeof schema.format === 'string' && PATH_FORMATS.has(schema.format.toLowerCase())) ||
        (PATH_DESCRIPTION.test(description) && !/\burl\b|\bhttps?:/i.test(description))));
  if (!path) return byName;
  const namesFile = wordsOf(propertyName).some((word) => FILE_WORDS.has(word));
  if (namesFile) return 'path';
  if (typeof schema.format === 'string' && DIRECTORY_FORMATS.has(schema.format.toLowerCase())) {
    return 'directory';
  }
  if (DIRECTORY_DESCRIPTION.test(description) && !/\bfiles?\b/i.test(description)) return 'directory';
  return tool !== undefined && worksOnDirectories(tool) ? 'directory' : 'path';
}

const DIRECTORY_FORMATS = new Set(['directory', 'dir-path']);

/** A `filename` whose description asks for a path: "Full path to the file", "absolute path". */
const FILENAME_AS_PATH = /\b(full|absolute|relative) (file ?)?path\b|\bpath (to|of) the file\b/i;

const FILE_WORDS = new Set(['file', 'files', 'filename', 'filepath', 'filenames', 'filepaths']);

const DIRECTORY_DESCRIPTION = /\b(director(y|ies)|folders?|dir|repository|repo)\b/i;

/** Words in a tool's name that say it works on directories. */
const DIRECTORY_TOOL_WORDS = new Set([
  'dir',
  'directory',
  'directories',
  'folder',
  'folders',
  'tree',
  'ls',
  'mkdir',
]);

/** What a tool's description says when it walks a directory's contents. */
const WALKS_DIRECTORY =
  /\brecursive(ly)?\b|\bsub-?director(y|ies)\b|\bsub-?folders?\b|\b(list|listing) of (the |a |all )?(files|entries|director(y|ies)|folders?)\b/i;

/**
 * Whether a tool works on directories: its name has a word such as `directory`, `folder` or `tree`
 * (`list_directory`, `directory_tree`), or its description says it walks one ("Recursively search…",
 * "…in all subdirectories", "a listing of files"). A mention of "allowed directories" alone does not count.
 */
export function worksOnDirectories(tool: { readonly name: string; readonly description?: string }): boolean {
  if (wordsOf(tool.name).some((word) => DIRECTORY_TOOL_WORDS.has(word))) return true;
  return WALKS_DIRECTORY.test(tool.description ?? '');
}
