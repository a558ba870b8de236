import { describe, expect, it } from 'vitest';
import { propertyRole } from '../../../src/generate/index.js';

describe('propertyRole', () => {
  it.each(['path', 'paths', 'file', 'filepath', 'source', 'file_path', 'targetPath', 'src'])(
    '%s names a path',
    (name) => {
      expect(propertyRole(name)).toBe('path');
    },
  );

  it.each(['dir', 'directory', 'OUTPUT_DIR', 'folders', 'dirname'])('%s names a directory', (name) => {
    expect(propertyRole(name)).toBe('directory');
  });

  it.each(['destination', 'dest', 'target', 'moveTarget', 'DESTINATIONS'])(
    '%s names a target path',
    (name) => {
      expect(propertyRole(name)).toBe('target');
    },
  );

  it.each(['name', 'title', 'key', 'id', 'noteId', 'note_id', 'ids', 'note', 'user_name', 'tags'])(
    '%s names an entity by name',
    (name) => {
      expect(propertyRole(name)).toBe('name');
    },
  );

  it.each(['filename', 'fileName', 'file_name', 'FILENAMES', 'basename'])(
    '%s names a file by its own name',
    (name) => {
      expect(propertyRole(name)).toBe('filename');
    },
  );

  it.each(['table', 'tables', 'table_name', 'tableName', 'TABLE_ID'])('%s names a table', (name) => {
    expect(propertyRole(name)).toBe('table');
  });

  it.each(['content', 'pattern', 'query', 'oldText', 'excludePatterns', 'dryRun', '', undefined])(
    '%s is free text',
    (name) => {
      expect(propertyRole(name)).toBe('text');
    },
  );
});
