import { describe, expect, it } from 'vitest';
import { sarifRelativeTo } from '../../../src/action/sarifUris.js';

const logWith = (uri: string) => ({
  runs: [
    {
      results: [
        {
          locations: [
            { physicalLocation: { artifactLocation: { uri } }, logicalLocations: [{ name: 'read_note' }] },
          ],
        },
      ],
    },
  ],
});
const location = (log: ReturnType<typeof logWith>) => log.runs[0]!.results[0]!.locations[0]!;

describe('sarifRelativeTo', () => {
  it('makes a path relative to the working directory relative to the repository root', () => {
    const log = sarifRelativeTo(logWith('server.js'), '/repo/packages/notes', '/repo');
    expect(location(log as ReturnType<typeof logWith>).physicalLocation.artifactLocation.uri).toBe(
      'packages/notes/server.js',
    );
    const up = sarifRelativeTo(logWith('../lib/server.js'), '/repo/packages/notes', '/repo');
    expect(location(up as ReturnType<typeof logWith>).physicalLocation.artifactLocation.uri).toBe(
      'packages/lib/server.js',
    );
  });

  it('drops a file outside the repository, keeping the tool', () => {
    const log = sarifRelativeTo(logWith('../../elsewhere/server.js'), '/repo/a', '/repo') as ReturnType<
      typeof logWith
    >;
    expect(location(log)).toEqual({ logicalLocations: [{ name: 'read_note' }] });
  });

  it('leaves a URI with a scheme alone', () => {
    const log = sarifRelativeTo(logWith('file:///x/server.js'), '/repo/a', '/repo') as ReturnType<
      typeof logWith
    >;
    expect(location(log).physicalLocation.artifactLocation.uri).toBe('file:///x/server.js');
  });
});
