import { describe, expect, it } from 'vitest';
import { insidePath, PACKAGE_INSIDE } from '../../../harness/process/insidePath.js';

describe('insidePath', () => {
  const mount = { host: '/root/.cache/mcp-packages/x@1.0.0', inside: PACKAGE_INSIDE };

  it('moves the mounted directory and what lies below it to the inside path', () => {
    expect(insidePath(mount.host, mount)).toBe(PACKAGE_INSIDE);
    expect(insidePath(`${mount.host}/node_modules/x/index.js`, mount)).toBe(
      `${PACKAGE_INSIDE}/node_modules/x/index.js`,
    );
  });

  it('leaves other paths, and names that only share a prefix, as they are', () => {
    expect(insidePath('/usr/bin/node', mount)).toBe('/usr/bin/node');
    expect(insidePath(`${mount.host}-other/index.js`, mount)).toBe(`${mount.host}-other/index.js`);
    expect(insidePath('/anything', undefined)).toBe('/anything');
  });
});
