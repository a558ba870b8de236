import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTextReporter } from '../../../src/report/createTextReporter.js';
import type { TextReporterOptions } from '../../../src/report/createTextReporter.js';
import { cleanReport, eventsFor, report } from './fixtures.js';
import { render } from './render.js';

const ANSI = '\u001b[';

function text(options: Partial<Omit<TextReporterOptions, 'write'>> = {}, events = eventsFor()): string {
  return render(
    (write) => createTextReporter({ write, color: false, progress: false, version: '0.1.0', ...options }),
    events,
  );
}

describe('createTextReporter', () => {
  it('writes the header, the verdict table, every contradiction and the summary', async () => {
    await expect(text()).toMatchFileSnapshot('__snapshots__/text-report.txt');
  });

  it('adds one line per tool with progress and one line per command with verbose', async () => {
    await expect(text({ progress: true, verbose: true })).toMatchFileSnapshot(
      '__snapshots__/text-report-progress-verbose.txt',
    );
  });

  it('ranks contradictions by severity, each with the clients that would act wrongly', () => {
    const out = text();
    const heads = [...out.matchAll(/^(\d\)) (\w+) claims/gm)].map((match) => `${match[1]} ${match[2]}`);
    expect(heads).toEqual(['1) delete_note', '2) read_note', '3) append_log']);
    expect(out).toContain(
      '   Severity: critical (9.3): it deleted existing state, and clients run it unconfirmed',
    );
    expect(out).toContain(
      '   Severity: medium (5.0): its repeat changed state again, as a client retry would',
    );
    expect(out).toContain(
      '   Clients that would act wrongly:\n     - VS Code (Copilot agent mode), read-only tools auto-approved: runs it without confirmation\n',
    );
    // A row of the table no public source backs says so.
    expect(out).toContain(
      '     - Qwen Code, dropped calls: retries a dropped call on its own [no public source]',
    );
  });

  it('opens with a header that names the server, the tool count, the runs and the seed', () => {
    const [first, second] = text().split('\n');
    expect(first).toBe('hintproof 0.1.0 · notes-scenario 1.0.0 · 6 tools · 25 runs per tool · seed 42');
    expect(second).toBe('command: node server.js {fs}');
  });

  it('leaves the version out of the header when none is given', () => {
    expect(text({ version: undefined }).split('\n')[0]).toBe(
      'hintproof · notes-scenario 1.0.0 · 6 tools · 25 runs per tool · seed 42',
    );
  });

  it('names the replayed path in the header', () => {
    const replayed = { ...report, settings: { ...report.settings, path: '7:0' } };
    expect(text({}, eventsFor(replayed)).split('\n')[0]).toMatch(/· seed 42 · path "7:0"$/);
  });

  it('says under the isolation line what the sandbox lacked on this host', () => {
    const settings = { ...report.settings, isolation: 'unshare' as const };
    const lines = (note?: string) =>
      text({}, eventsFor({ ...report, settings: { ...settings, ...(note ? { isolationNote: note } : {}) } }))
        .split('\n')
        .slice(2, 4);
    expect(lines('address families are not filtered on this host (riscv64, little-endian)')).toEqual([
      'isolation: unshare (own network namespace, read-only host, private HOME and TMPDIR)',
      '⚠ address families are not filtered on this host (riscv64, little-endian).',
    ]);
    expect(lines()[1]).toBe('');
  });

  it('writes progress lines only with progress: true', () => {
    const progressLine = /^ {2}read_note {6}50 calls, 0 errors {3}✗ readOnlyHint contradicted$/m;
    expect(text({ progress: true })).toMatch(progressLine);
    expect(text({ progress: false })).not.toMatch(progressLine);
    expect(text({ progress: true })).toMatch(/^ {2}list_notes {5}50 calls, 0 errors {3}✓$/m);
    expect(text({ progress: true })).toMatch(
      /search_remote {2}49 calls, 49 errors {2}\? readOnlyHint inconclusive$/m,
    );
  });

  it('writes one line per command only with verbose: true', () => {
    const verbose = text({ verbose: true });
    const quiet = text({ verbose: false });
    expect(verbose).toContain(
      '    read_note {"name":"groceries.md"} → call 1: returned · append fs:.access.log (+9 bytes); ' +
        'call 2: returned · append fs:.access.log (+9 bytes)',
    );
    expect(verbose).toContain('call 2: isError: not found · no change');
    expect(verbose).toContain(
      'call 1: no answer within 10s (time-out) · no change; call 2: not made (call 1 failed)',
    );
    expect(verbose).toContain('; excluded: modify fs:.server/heartbeat (13 bytes, content changed)');
    expect(quiet).not.toContain(' → call 1:');
  });

  it('shows arguments that failed the input schema (never sent) only with verbose: true', () => {
    const events = eventsFor();
    const invalid = {
      type: 'invalid-arguments' as const,
      tool: 'read_note',
      args: { name: '' },
      errors: 'arguments/name must NOT have fewer than 1 characters',
    };
    const withInvalid = [events[0]!, invalid, ...events.slice(1)];
    expect(text({ verbose: true }, withInvalid)).toContain(
      '    read_note {"name":""} → not sent: arguments/name must NOT have fewer than 1 characters',
    );
    expect(text({ verbose: false }, withInvalid)).not.toContain('not sent');
  });

  it('cuts long arguments in verbose lines to about 120 characters', () => {
    const line = text({ verbose: true })
      .split('\n')
      .find((l) => l.startsWith('    write_note '));
    const args = line?.slice('    write_note '.length, line.indexOf(' → '));
    expect(args).toHaveLength(120);
    expect(args?.endsWith('…')).toBe(true);
  });

  it('ends every contradiction block with its Reproduce with: line', () => {
    const lines = text().split('\n');
    const starts = lines.flatMap((line, i) => (/^\d+\) /.test(line) ? [i] : []));
    expect(starts).toHaveLength(3);
    for (const start of starts) {
      const end = lines.indexOf('', start);
      const last = lines[end - 1] ?? '';
      expect(last).toMatch(
        /^ {3}Reproduce with: hintproof check --tool \w+ --seed 42 --path "[\d:]+" -- node/,
      );
    }
  });

  it('pads table cells on their visible width, so colour never shifts a column', () => {
    expect(stripVTControlCharacters(text({ color: true, progress: true, verbose: true }))).toBe(
      text({ progress: true, verbose: true }),
    );
  });

  it('uses ANSI colours with color: true and none with color: false', () => {
    expect(text({ color: true, progress: true, verbose: true })).toContain(ANSI);
    expect(text({ color: false, progress: true, verbose: true })).not.toContain(ANSI);
  });

  it('states the exit status that follows from the verdicts', () => {
    expect(text()).toMatch(/Exit 1: at least one hint is contradicted\.\n$/);
    const clean = text({}, eventsFor(cleanReport));
    expect(clean).toMatch(/Exit 0: no hint contradicted\.\n$/);
    expect(clean).not.toContain('Contradictions');
    expect(clean).not.toContain('Ambient changes');
    expect(clean).toContain('No hint contradicted in 2 tools · 6 consistent · 0 inconclusive');
  });

  it('states the exit status under --fail-on: contradictions below it pass', () => {
    expect(text({ failOn: 'critical' })).toMatch(
      /Exit 1: at least one hint is contradicted at critical or worse \(--fail-on\)\.\n$/,
    );
    const mediumOnly = { ...report, tools: report.tools.filter((tool) => tool.name === 'append_log') };
    const below = text({ failOn: 'high' }, eventsFor(mediumOnly));
    expect(below).toContain('1 hint contradicted in 1 of 1 tool (1 medium)');
    expect(below).toMatch(/Exit 0: no contradiction at high or worse \(--fail-on high\)\.\n$/);
    expect(text({ failOn: 'medium' }, eventsFor(mediumOnly))).toMatch(/Exit 1: at least one hint/);
  });

  it('separates the header from the table by exactly one blank line without progress', () => {
    expect(text()).toContain('seed 42\ncommand: node server.js {fs}\n\ntool ');
    expect(text({ progress: true })).toContain('{fs}\n\n  read_note ');
    expect(text({ progress: true })).toContain('inconclusive\n\ntool ');
  });

  it('writes nothing of the end report before the end event', () => {
    const events = eventsFor().filter((event) => event.type !== 'end');
    expect(text({}, events)).not.toContain('Exit');
    expect(report.tools).toHaveLength(6);
  });

  it('lists the databases the server made outside its sandbox, dropped or why not, names inert', () => {
    const made = {
      ...report,
      createdDatabases: [
        { name: 'saboteur_1', dropped: true },
        { name: 'evil\u001b[2J\nExit 0', dropped: false, note: 'not dropped: in use by another session' },
      ],
    };
    const output = text({}, eventsFor(made));
    expect(output).toContain(
      'Databases the server made in the cluster, outside its sandbox (2)\n' +
        '  saboteur_1: dropped\n' +
        '  evil\\x1b[2J\\nExit 0: not dropped: in use by another session\n',
    );
    expect(output).not.toContain('\u001b[2J');
    expect(text()).not.toContain('Databases the server made');
  });
});
