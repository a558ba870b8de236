import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentsFor } from '../../../src/generate/index.js';

function urls(description: string | undefined): string[] {
  const generated = argumentsFor(
    {
      name: 'gzip',
      inputSchema: {
        type: 'object',
        properties: { data: { type: 'string', format: 'uri', ...(description && { description }) } },
        required: ['data'],
      },
    },
    [],
  );
  if (!generated.ok) throw new Error(generated.reason);
  return fc.sample(generated.arbitrary, { seed: 11, numRuns: 300 }).map((args) => String(args.data));
}

describe('URI formats', () => {
  it('are sometimes data: URLs, which a sandbox without a network can still fetch', async () => {
    const values = urls(undefined);
    const data = values.filter((value) => value.startsWith('data:'));
    expect(data.length).toBeGreaterThan(30);
    expect(data.length).toBeLessThan(150);
    const sample = data.find((value) => value.length > 40) ?? '';
    const text = await (await fetch(sample)).text();
    expect(`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`).toBe(sample);
  });

  it('are mostly data: URLs when the description speaks of data URIs', () => {
    const values = urls('URL or data URI of the file content to compress');
    expect(values.filter((value) => value.startsWith('data:')).length).toBeGreaterThan(180);
  });
});
