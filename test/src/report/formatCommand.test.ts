import { describe, expect, it } from 'vitest';
import { formatCommand } from '../../../src/report/formatCommand.js';

describe('formatCommand', () => {
  it('leaves plain arguments and placeholders alone', () => {
    expect(formatCommand(['npx', '-y', '@scope/server@1.2', '{fs}', '--db={pg}'])).toBe(
      'npx -y @scope/server@1.2 {fs} --db={pg}',
    );
  });

  it('single-quotes arguments a shell would split or expand', () => {
    expect(formatCommand(['node', '-e', "console.log('hi')", ''])).toBe(
      `node -e 'console.log('\\''hi'\\'')' ''`,
    );
  });
});
