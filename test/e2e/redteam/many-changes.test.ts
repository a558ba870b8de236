import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkHostile, ISOLATIONS, scratch } from './hostile.js';

/**
 * Issue 11's "bounded everything", for what a server writes: a read-only tool that makes 5,001 entries on
 * each call. From outside: the terminal (--verbose included) and the Markdown, JUnit and SARIF reports list
 * 20 changes per list and count the rest; the JSON report keeps them all.
 */
const work = scratch('many-changes');

describe('a server that makes thousands of changes: every listing is bounded', () => {
  it('20 changes listed, the rest counted; all of them in the JSON report', async () => {
    const cwd = work();
    const result = await checkHostile('many-changes.js', {
      isolation: ISOLATIONS[0]!,
      cwd,
      runs: 1,
      seed: 1,
      options: [
        '--timeout',
        '60',
        '--verbose',
        '--reporter',
        'text,json,markdown,junit,sarif',
        '--output-dir',
        'out',
      ],
    });
    expect(result.stderr).not.toContain('internal error');
    expect(result.code).toBe(1);
    expect(result.stdout.length).toBeLessThan(20_000);
    expect(result.stdout).toMatch(/^ +… and 4981 more changes$/m); // under "Observed on call 1:"
    expect(result.stdout).toMatch(
      /call 1: returned · add fs:made-1 \(directory\), .*, … and 4981 more changes;/,
    );
    const out = (file: string) => readFileSync(join(cwd, 'out', file), 'utf8');
    for (const file of readdirSync(join(cwd, 'out')).filter((name) => name !== 'report.json')) {
      expect(out(file).length).toBeLessThan(20_000);
      expect(out(file)).toContain('… and 4981 more changes');
    }
    const json = JSON.parse(out('report.json')) as {
      tools: { verdicts: { readOnlyHint: { evidence: { changes: unknown[] } } } }[];
    };
    expect(json.tools[0]!.verdicts.readOnlyHint.evidence.changes).toHaveLength(5001);
  });
});
