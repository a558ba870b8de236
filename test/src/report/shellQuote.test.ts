import { describe, expect, it } from 'vitest';
import { shellJoin } from '../../../src/report/shellQuote.js';

describe('shellJoin', () => {
  it('leaves plain arguments and placeholders alone', () => {
    expect(shellJoin(['npx', '-y', '@scope/server@1.2', '{fs}', '--db={pg}'])).toBe(
      'npx -y @scope/server@1.2 {fs} --db={pg}',
    );
  });

  it('single-quotes arguments a shell would split or expand', () => {
    expect(shellJoin(['node', '-e', "console.log('hi')", ''])).toBe(`node -e 'console.log('\\''hi'\\'')' ''`);
  });
});
