import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkServer } from '../../src/library/checkServer.js';
import { FIXTURE_PACKAGE } from '../fixtures/packages/localRegistry.js';

const work = mkdtempSync(join(tmpdir(), 'hintproof-library-replay-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('checkServer replay commands', () => {
  it("are the CLI's: quoted, with every option that shaped the run and absolute paths", async () => {
    mkdirSync(join(work, 'seed'));
    writeFileSync(join(work, 'seed', 'todo'), 'buy milk');
    const server = join(FIXTURE_PACKAGE, 'server.js');
    const report = await checkServer({
      server: { command: 'node', args: [server, '{fs}'], env: { GREETING: "it's me" } },
      fs: join(work, 'seed'),
      tools: ['save_note'],
      runs: 12,
      seed: 9,
      ignore: ['fs:**/*.log'],
      timeoutSeconds: 5,
    });
    const verdict = report.tools[0]!.verdicts.destructiveHint;
    if (verdict.status !== 'contradicted') throw new Error(`expected a contradiction, got ${verdict.status}`);
    const { evidence } = verdict;
    expect(evidence.replay).toBe(
      `hintproof check --fs ${join(work, 'seed')} --env 'GREETING=it'\\''s me' --ignore 'fs:**/*.log' --runs 12 ` +
        `--timeout 5 --tool save_note --seed ${evidence.seed} --path ${evidence.path}` +
        (evidence.producers === undefined
          ? ''
          : ` --producers ${evidence.producers.length > 0 ? evidence.producers.join(',') : 'none'}`) +
        ` -- node ${server} {fs}`,
    );
  });
});
