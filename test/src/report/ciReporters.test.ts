import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AjvDraft04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { createJunitReporter, junitXml } from '../../../src/report/createJunitReporter.js';
import { createMarkdownReporter, markdownReport } from '../../../src/report/createMarkdownReporter.js';
import { createSarifReporter, sarifLog } from '../../../src/report/createSarifReporter.js';
import { cleanReport, eventsFor, report } from './fixtures.js';
import { HINT_NAMES } from '../../../src/model/hints.js';

// The SARIF 2.1.0 schema is a draft-04 schema: ajv-draft-04 validates it.
const Ajv = AjvDraft04Module.default;
const addFormats = addFormatsModule.default;
const require = createRequire(import.meta.url);
const sarifSchema = JSON.parse(
  readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
) as object;

const artifact = {
  uri: 'scenarios/notes/server.js',
  text: "import x from 'y';\n\nconst tools = [\n  { name: 'read_note' },\n  { name: \"delete_note\" },\n];\n",
};

function validateSarif(log: unknown): string {
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  const validate = ajv.compile(sarifSchema);
  return validate(log) ? '' : ajv.errorsText(validate.errors);
}

describe('SARIF reporter', () => {
  it('writes a log valid against the SARIF 2.1.0 schema, with a rule per hint and a result per contradiction', () => {
    const log = sarifLog(report, { version: '0.1.0', artifact });
    expect(validateSarif(log)).toBe('');
    expect(log.runs[0]?.tool.driver.rules?.map((rule) => rule.id)).toEqual([
      'readOnlyHint',
      'destructiveHint',
      'idempotentHint',
      'openWorldHint',
      'closedWorldDeterminism',
    ]);
    const results = log.runs[0]?.results ?? [];
    expect(
      results.map((result) => `${result.locations?.[0]?.logicalLocations?.[0]?.name}:${result.ruleId}`),
    ).toEqual(['delete_note:destructiveHint', 'read_note:readOnlyHint', 'append_log:idempotentHint']);
    expect(results[0]?.message.text).toMatch(/Reproduce with: hintproof check/);
    // Results point at the line that registers the tool, or line 1 when the file does not name it.
    expect(results.map((result) => result.locations?.[0]?.physicalLocation?.region?.startLine)).toEqual([
      5, 4, 1,
    ]);
  });

  it('ranks results by severity, with a level and a security-severity each, and one on every rule', () => {
    const log = sarifLog(report, { version: '0.1.0', artifact });
    // The hints' rules; the closed-world rule's findings are notes, no security matter (closedWorld.test.ts).
    const rules = (log.runs[0]?.tool.driver.rules ?? []).filter(
      (rule) => rule.id !== 'closedWorldDeterminism',
    );
    // GitHub code scanning shows security-severity only on rules tagged `security`.
    expect(rules.map((rule) => rule.properties?.['security-severity'] as unknown)).toEqual([
      '9.8',
      '9.3',
      '6.5',
      '8.2',
    ]);
    expect(rules.every((rule) => (rule.properties?.tags ?? []).includes('security'))).toBe(true);
    const results = log.runs[0]?.results ?? [];
    expect(
      results.map((result) => [result.level, result.properties?.['security-severity'] as unknown]),
    ).toEqual([
      ['error', '9.3'],
      ['error', '9.1'],
      ['warning', '5.0'],
    ]);
    expect(results[1]?.properties?.severity).toBe('critical');
    expect(results[1]?.message.text).toContain('Severity: critical (9.1): it wrote');
    expect(results[1]?.message.text).toContain(
      'Codex, auto and writes approval modes: runs it without approval',
    );
  });

  it('the schema check itself rejects a log that breaks SARIF (so the tests above can fail)', () => {
    const log = sarifLog(report, { version: '0.1.0', artifact });
    expect(validateSarif({ ...log, version: '2.0.0' })).not.toBe('');
    expect(validateSarif({ ...log, runs: [{ results: [] }] })).not.toBe('');
  });

  it('is valid with no contradiction and without an artifact, and still lists every rule', () => {
    const log = sarifLog(cleanReport, { version: '0.1.0' });
    expect(validateSarif(log)).toBe('');
    expect(log.runs[0]?.results).toEqual([]);
    // Code scanning closes an alert only when its rule is in the upload and no result of it is: a clean run
    // that listed no rules would leave every fixed alert open.
    expect(log.runs[0]?.tool.driver.rules?.map((rule) => rule.id)).toEqual([
      ...HINT_NAMES,
      'closedWorldDeterminism',
    ]);
  });

  it('writes once, on end', () => {
    const written: string[] = [];
    const sink = createSarifReporter({ write: (text) => written.push(text), version: '0.1.0' });
    for (const event of eventsFor()) sink(event);
    expect(written).toHaveLength(1);
    expect(validateSarif(JSON.parse(written[0]!))).toBe('');
  });
});

describe('JUnit reporter', () => {
  const parse = (xml: string) =>
    new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as {
      testsuites: {
        testsuite: {
          name: string;
          tests: string;
          failures: string;
          skipped: string;
          testcase: Array<Record<string, unknown>>;
        };
      };
    };

  it('has a test case per tool × hint; contradictions fail with their evidence, no evidence is skipped', () => {
    const suite = parse(junitXml(report)).testsuites.testsuite;
    expect(Number(suite.tests)).toBe(report.tools.length * 4);
    expect(Number(suite.failures)).toBe(3);
    const readNote = suite.testcase.find(
      (c) => c.classname === 'notes-scenario.read_note' && c.name === 'readOnlyHint',
    )!;
    const failure = readNote.failure as { message: string; type: string };
    expect(failure.message).toBe(
      '[critical (9.1)] read_note claims readOnlyHint: true but changed the sandbox',
    );
    expect(failure.type).toBe('ReadOnlyHintContradicted');
    expect(JSON.stringify(readNote)).toMatch(/Reproduce with: hintproof check --tool read_note/);
    expect(JSON.stringify(readNote)).toContain('Clients that would act wrongly:');
    expect(JSON.stringify(readNote)).toContain('Qwen Code, every approval mode, plan mode included');
    const skipped = suite.testcase.filter((c) => 'skipped' in c).length;
    expect(Number(suite.skipped)).toBe(skipped);
    const notApplicable = report.tools
      .flatMap((tool) => Object.values(tool.verdicts))
      .filter((v) => v.status !== 'contradicted' && v.status !== 'consistent').length;
    expect(skipped).toBe(notApplicable);
  });

  it('writes once, on end', () => {
    const written: string[] = [];
    const sink = createJunitReporter({ write: (text) => written.push(text) });
    for (const event of eventsFor(cleanReport)) sink(event);
    expect(written).toHaveLength(1);
    expect(Number(parse(written[0]!).testsuites.testsuite.failures)).toBe(0);
  });
});

describe('Markdown reporter', () => {
  it('says a run was not isolated and what it could not observe, and names modes never exercised', () => {
    const [first, ...rest] = report.tools;
    const markdown = markdownReport({
      ...report,
      settings: {
        ...report.settings,
        isolation: 'none',
        isolationNote: '--no-isolation',
        unobserved: 'state outside the sandbox is not observed',
      },
      tools: [
        {
          ...first!,
          calls: {
            ...first!.calls,
            unexercised: ['action: only list was exercised (delete never succeeded)'],
          },
        },
        ...rest,
      ],
    });
    expect(markdown).toContain(
      // mdText escapes colons (no autolink can start).
      '> ⚠ Not isolated (--no-isolation)\\: the server ran with your filesystem and network. Unobserved\\: state outside the sandbox is not observed.\n\n| tool |',
    );
    expect(markdown).toMatch(
      /\*\*Not exercised\*\* \(no tighter hint suggested for these tools\)\n\n- `read_note`: action\\: only list was exercised \(delete never succeeded\)\n$/,
    );
    expect(markdownReport(report)).not.toMatch(/Not isolated|Not exercised/);
  });

  it('says what an isolated run lacked on its host (address families not filtered)', () => {
    const markdown = markdownReport({
      ...report,
      settings: {
        ...report.settings,
        isolation: 'bubblewrap',
        isolationNote: 'address families are not filtered on this host (riscv64, little-endian)',
      },
    });
    expect(markdown).toContain(
      '> ⚠ address families are not filtered on this host (riscv64, little-endian).\n\n| tool |',
    );
    expect(markdown).not.toContain('Not isolated');
  });

  it('renders the verdict table and each contradiction with its evidence and replay command', () => {
    const markdown = markdownReport(report);
    expect(markdown).toMatchSnapshot();
    expect(markdown).toMatch(/^## hintproof: 3 hints contradicted in 3 of 6 tools/);
    expect(markdown).toMatch(/\| `read_note` \| ❌ contradicted \| n\/a \| n\/a \| unchecked \|/);
    expect(markdown.match(/<details>/g)).toHaveLength(3);
    expect(markdown.match(/```sh\nhintproof check/g)).toHaveLength(3);
  });

  it('ranks contradictions by severity and names the clients that would act wrongly', () => {
    const markdown = markdownReport(report);
    const summaries = markdown.match(/<summary>.*<\/summary>/g) ?? [];
    expect(summaries.map((summary) => /<b>(\w+)<\/b> \(([\d.]+)\)/.exec(summary)?.slice(1))).toEqual([
      ['critical', '9.3'],
      ['critical', '9.1'],
      ['medium', '5.0'],
    ]);
    expect(markdown).toContain('- Severity: **critical** (9.1)');
    expect(markdown).toContain('- Clients that would act wrongly:\n  - VS Code (Copilot agent mode), ');
  });

  it('says so when nothing is contradicted', () => {
    const written: string[] = [];
    const sink = createMarkdownReporter({ write: (text) => written.push(text) });
    for (const event of eventsFor(cleanReport)) sink(event);
    expect(written[0]).toMatch(/^## hintproof: no hint contradicted/);
    expect(written[0]).not.toMatch(/<details>/);
  });
});
