import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentsFor } from '../../../src/generate/argumentsFor.js';
import { schemaRole } from '../../../src/generate/propertyRole.js';
import type { HarvestedValue } from '../../../harness/index.js';

describe('schemaRole', () => {
  it('takes the name first, then a path format or a description that speaks of a path', () => {
    expect(schemaRole('repo_path', {})).toBe('path');
    expect(schemaRole('repo', { description: 'Path to the Git repository' })).toBe('directory');
    expect(schemaRole('location', { format: 'path' })).toBe('path');
    expect(schemaRole('site', { description: 'The URL path of the page, e.g. https://x/a' })).toBe('text');
    expect(schemaRole('message', { description: 'The commit message' })).toBe('text');
  });

  it('gives a path-like property the sandbox root and paths inside it', () => {
    const generated = argumentsFor(
      {
        name: 'git_status',
        inputSchema: {
          type: 'object',
          properties: { repo: { type: 'string', description: 'Path to the Git repository' } },
          required: ['repo'],
        },
      },
      [{ kind: 'directory', value: '{fs}' }],
    );
    if (!generated.ok) throw new Error(generated.reason);
    const values = fc.sample(generated.arbitrary, { seed: 3, numRuns: 200 }).map((args) => String(args.repo));
    expect(values).toContain('{fs}');
    expect(values.filter((value) => value.startsWith('{fs}')).length).toBeGreaterThan(100);
  });

  it('makes a path a directory when its tool works on directories, by name or by description', () => {
    const searchFiles = {
      name: 'search_files',
      description:
        'Recursively search for files and directories matching a pattern. Only searches within allowed directories.',
    };
    expect(schemaRole('path', {}, { name: 'list_directory' })).toBe('directory');
    expect(schemaRole('path', {}, { name: 'directory_tree' })).toBe('directory');
    expect(schemaRole('path', {}, searchFiles)).toBe('directory');
    expect(schemaRole('root', { description: 'The folder to scan' })).toBe('directory');
    expect(schemaRole('where', { format: 'directory' })).toBe('directory');
    // A name that says file wins over its tool; "allowed directories" alone says nothing.
    expect(schemaRole('file_path', {}, { name: 'list_directory' })).toBe('path');
    expect(
      schemaRole(
        'path',
        {},
        { name: 'read_text_file', description: 'Only works within allowed directories.' },
      ),
    ).toBe('path');
    expect(
      schemaRole('path', {}, { name: 'get_file_info', description: 'Metadata about a file or directory.' }),
    ).toBe('path');
    expect(schemaRole('path', { description: 'A file in the directory' }, { name: 'stat' })).toBe('path');
    expect(schemaRole('query', {}, searchFiles)).toBe('text');
  });

  it('gives a directory mostly the directories of the pool, and files the paths', () => {
    const pool: HarvestedValue[] = [
      { kind: 'directory', value: '{fs}' },
      { kind: 'directory', value: '{fs}/notes' },
      ...['a.md', 'b.md', 'c.md', 'd.md', 'notes/e.md', 'notes/f.md'].map((file) => ({
        kind: 'path' as const,
        value: `{fs}/${file}`,
      })),
    ];
    const directories = new Set(['{fs}', '{fs}/notes']);
    const share = (name: string, seed: number): number => {
      const generated = argumentsFor(
        {
          name,
          inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        },
        pool,
        { live: false },
      );
      if (!generated.ok) throw new Error(generated.reason);
      const values = fc.sample(generated.arbitrary, { seed, numRuns: 300 }).map((args) => String(args.path));
      return values.filter((value) => directories.has(value)).length / values.length;
    };
    expect(share('list_directory', 5)).toBeGreaterThan(0.4);
    expect(share('read_text_file', 5)).toBeLessThan(0.25);
  });
});

describe('a file name property', () => {
  const createNote = (description: string) => ({
    name: 'create-note',
    inputSchema: {
      type: 'object',
      properties: { filename: { type: 'string', description } },
      required: ['filename'],
    },
  });
  const harvested: HarvestedValue[] = [
    { kind: 'directory', value: '{fs}/projects' },
    { kind: 'path', value: '{fs}/projects/Plan.md' },
    { kind: 'path', value: '{fs}/Welcome.md' },
  ];
  const sample = (description: string) => {
    const generated = argumentsFor(createNote(description), harvested);
    if (!generated.ok) throw new Error(generated.reason);
    return fc.sample(generated.arbitrary, { seed: 7, numRuns: 300 }).map((args) => String(args.filename));
  };

  it('gets the names of the files the sandbox holds, new names, and whole paths only now and then', () => {
    // obsidian-mcp's create-note: "Filename cannot contain path separators"
    const values = sample("Just the note name without any path separators (e.g. 'my-note.md')");
    expect(values).toContain('Plan.md');
    expect(values).toContain('Welcome.md');
    expect(values).not.toContain('projects');
    expect(values.filter((value) => value.includes('/')).length).toBeLessThan(values.length / 4);
  });

  it('is a path when its description asks for one', () => {
    expect(schemaRole('filename', { description: 'Full path to the file' })).toBe('path');
    expect(schemaRole('filename', { description: 'Name of the file' })).toBe('filename');
    const values = sample('The absolute path of the file to read');
    expect(values).toContain('{fs}/projects/Plan.md');
    expect(values.filter((value) => value.includes('/')).length).toBeGreaterThan(values.length / 4);
  });
});
