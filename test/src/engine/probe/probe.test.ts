import { describe, expect, it, vi } from 'vitest';
import { probe } from '../../../../src/engine/probe/probe.js';
import { newWorld, shelfPool } from '../inProcessServers.js';

describe('probe (in-process shelf server)', () => {
  it("learns the server's identity and tools from a first session, with no ambient change in an idle sandbox", async () => {
    const world = newWorld();
    await using pool = await shelfPool(world);
    const found = await probe(pool, 20, 10);
    expect(found.server.name).toBe('shelf');
    expect(found.tools.map((tool) => tool.name)).toEqual(['put', 'take', 'look', 'peek', 'stall']);
    expect(found.ambient).toEqual([]);
    expect(found.startupEgress).toEqual([]);
    expect(found.placeholders.fs).toMatch(/run-0\/fs$/);
    // The pool started the next session while the probe ran (its server comes up once its sandbox is made,
    // which on a loaded machine may be after the probe ends), and no other.
    await vi.waitFor(() => expect(world.instances).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(world.instances).toBe(2);
  });
});
