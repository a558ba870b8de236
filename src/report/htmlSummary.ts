import { SEVERITIES } from '../hints/severity.js';
import type { Report } from '../model/report.js';
import { PLAIN } from './colors.js';
import { contradictionsOf } from './contradictionsOf.js';
import { formatHeader } from './formatHeader.js';
import { formatSummary } from './formatSummary.js';
import { escapeHtml } from './htmlEscape.js';
import { impactOf } from './impactOf.js';

/** Header lines that are one labelled fact: `command: node server.js {fs}`. */
const FACT = /^(command|package|isolation|postgres|ignoring): /;

/**
 * The top of the page: the server as its title, then the facts the text report's header gives (hintproof
 * version, tools, runs, seed, command, package, isolation, Postgres, ignored patterns), warnings (not isolated,
 * what the sandbox lacks) set apart. The lines are the text report's own (`formatHeader`), so both say the same.
 */
export function htmlHeader(report: Report): string {
  const lines = formatHeader(
    {
      type: 'start',
      server: report.server,
      settings: report.settings,
      command: report.command,
      ...(report.package === undefined ? {} : { package: report.package }),
      tools: report.tools,
      ambient: report.ambient,
    },
    report.hintproof,
    PLAIN,
  );
  const facts = lines.filter((line) => FACT.test(line));
  const warnings = lines.filter((line) => line.startsWith('⚠'));
  const run = lines.filter((line) => !FACT.test(line) && !line.startsWith('⚠'));
  const server = report.server.version
    ? `${report.server.name} ${report.server.version}`
    : report.server.name;
  return [
    '<header>',
    `<h1>hintproof report: <code>${escapeHtml(server)}</code></h1>`,
    ...warnings.map((line) => `<p class="warning">${escapeHtml(line)}</p>`),
    ...run.map((line) => `<p>${escapeHtml(line)}</p>`),
    '<dl class="facts">',
    ...facts.map((line) => {
      const [label = '', ...rest] = line.split(': ');
      return `<dt>${escapeHtml(label)}</dt><dd><code>${escapeHtml(rest.join(': '))}</code></dd>`;
    }),
    '</dl>',
    '</header>',
  ].join('\n');
}

/**
 * Findings by severity, the worst first, each level with its count (0 included, so a clean run says so), then
 * the text report's closing lines: verdicts counted, a blind check, what the exit status means.
 */
export function htmlSummary(report: Report): string {
  const severities = contradictionsOf(report).map((contradiction) => impactOf(contradiction).severity);
  const closing = formatSummary(report, PLAIN);
  const failed = closing.some((line) => line.startsWith('Exit 1'));
  return [
    '<section id="summary">',
    '<h2>Summary</h2>',
    '<ul class="severities">',
    ...SEVERITIES.map(
      (severity) =>
        `<li class="${severity}"><b>${severities.filter((s) => s === severity).length}</b>${severity}</li>`,
    ),
    '</ul>',
    ...closing.map((line) =>
      line.startsWith('Blind check')
        ? `<p class="warning">${escapeHtml(line)}</p>`
        : `<p class="outcome ${failed ? 'fail' : 'pass'}">${escapeHtml(line)}</p>`,
    ),
    '</section>',
  ].join('\n');
}
