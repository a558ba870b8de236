import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentsFor } from '../../../src/generate/argumentsFor.js';
import { schemaRole } from '../../../src/generate/propertyRole.js';

describe('schemaRole', () => {
  it('takes the name first, then a path format or a description that speaks of a path', () => {
    expect(schemaRole('repo_path', {})).toBe('path');
    expect(schemaRole('repo', { description: 'Path to the Git repository' })).toBe('path');
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
});
