import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/model/report.js';
import { repoRoot, runCli } from './runCli.js';

const out = mkdtempSync(join(tmpdir(), 'hintproof-reporters-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const notes = join(repoRoot, 'scenarios/notes');

describe('--reporter and --output-dir', () => {
  it('writes JUnit, SARIF, Markdown and JSON files and the step summary, with text on stdout', async () => {
    const summary = join(out, 'summary.md');
    writeFileSync(summary, '# earlier step\n');
    const result = await runCli(
      [
        'check',
        '--seed',
        '1',
        '--runs',
        '3',
        '--tool',
        'read_note',
        '--tool',
        'list_notes',
        '--reporter',
        'text,junit',
        '--reporter',
        'sarif,markdown,json',
        '--output-dir',
        join(out, 'reports'),
        '--fs',
        'seed',
        '--',
        'node',
        'server.js',
        '{fs}',
      ],
      { cwd: notes, env: { GITHUB_STEP_SUMMARY: summary } },
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/read_note claims readOnlyHint: true/);
    const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      readFileSync(join(out, 'reports/junit.xml'), 'utf8'),
    ) as { testsuites: { testsuite: { tests: string; failures: string } } };
    expect(junit.testsuites.testsuite).toMatchObject({ tests: '8', failures: '1' });
    const sarif = JSON.parse(readFileSync(join(out, 'reports/hintproof.sarif'), 'utf8')) as {
      runs: Array<{
        results: Array<{
          ruleId: string;
          level: string;
          properties: Record<string, unknown>;
          locations: Array<{
            physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } };
          }>;
        }>;
      }>;
    };
    const [only] = sarif.runs[0]!.results;
    expect(only?.ruleId).toBe('readOnlyHint');
    // A false read-only claim is critical: clients run the write unconfirmed.
    expect(only?.level).toBe('error');
    expect(only?.properties).toMatchObject({ severity: 'critical' });
    expect(Number(only?.properties['security-severity'])).toBeGreaterThan(9);
    expect(result.stdout).toMatch(/Severity: critical \(9\.\d\)/);
    const location = only!.locations[0]!.physicalLocation;
    expect(location.artifactLocation.uri).toBe('server.js');
    const line = readFileSync(join(notes, 'server.js'), 'utf8').split('\n')[location.region.startLine - 1];
    expect(line).toMatch(/read_note/);
    const markdown = readFileSync(join(out, 'reports/report.md'), 'utf8');
    expect(markdown).toMatch(/^## hintproof: 1 hint contradicted in 1 of 2 tools/);
    expect(readFileSync(summary, 'utf8')).toBe(`# earlier step\n${markdown}`);
    const json = JSON.parse(readFileSync(join(out, 'reports/report.json'), 'utf8')) as Report;
    expect(json).toMatchObject({ server: { name: 'notes-scenario' } });
    // The engine puts each contradiction's impact on its evidence.
    const verdict = json.tools.find((tool) => tool.name === 'read_note')!.verdicts.readOnlyHint;
    expect(verdict).toMatchObject({ status: 'contradicted', evidence: { impact: { severity: 'critical' } } });
  });

  it('--quiet prints only the summary, and still writes the file reports', async () => {
    const result = await runCli(
      [
        'check',
        '--quiet',
        '--seed',
        '1',
        '--runs',
        '2',
        '--tool',
        'list_notes',
        '--json',
        join(out, 'quiet.json'),
        '--fs',
        'seed',
        '--',
        'node',
        'server.js',
        '{fs}',
      ],
      { cwd: notes },
    );
    expect(result.code).toBe(0);
    // Two consistent verdicts when the run is isolated (openWorldHint observed), one when it is not.
    expect(result.stdout).toMatch(
      /^No hint contradicted in 1 tool · [12] consistent · 0 inconclusive\nExit 0: no hint contradicted\.\n$/,
    );
    expect(JSON.parse(readFileSync(join(out, 'quiet.json'), 'utf8'))).toMatchObject({
      tools: [{ name: 'list_notes' }],
    });
  });

  it('rejects an unknown reporter before any work', async () => {
    const result = await runCli(['check', '--reporter', 'text,xml', '--', 'node', 'server.js']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown reporter "xml". Choose from text, json, junit, sarif, markdown/);
  });
});
