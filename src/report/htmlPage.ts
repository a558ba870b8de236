import { escapeHtml } from './htmlEscape.js';

/**
 * What the page may load: nothing. No script runs and no request leaves it (images, fonts, frames, forms all
 * refused); only the inline style below applies. A second wall behind the escaping: even a string that got
 * through as markup could neither run nor phone home.
 */
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'";

/** The page's only style: system fonts, nothing fetched; printable (`@media print`). */
const STYLE = `
:root { --bad: #b3261e; --high: #d0421b; --medium: #9a6700; --low: #57606a; --ok: #1a7f37; --line: #d0d7de;
  --soft: #f6f8fa; color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 72rem; padding: 1.5rem; color: #1f2328; background: #fff; line-height: 1.45;
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; overflow-wrap: anywhere; }
h2 { font-size: 1.25rem; margin: 2rem 0 .6rem; padding-bottom: .2rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.05rem; margin: 0 0 .5rem; overflow-wrap: anywhere; }
h4 { font-size: .95rem; margin: .8rem 0 .3rem; }
code, pre { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
code { overflow-wrap: anywhere; }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: .6rem .8rem;
  white-space: pre-wrap; overflow-wrap: anywhere; margin: .3rem 0; }
a { color: #0969da; }
nav { margin: 1rem 0; font-size: .9rem; }
nav a { margin-right: .9rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .5rem 0; }
dl.facts dt { font-weight: 600; color: var(--low); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.outcome { font-weight: 600; font-size: 1.05rem; margin: .4rem 0; }
.outcome.fail { color: var(--bad); }
.outcome.pass { color: var(--ok); }
.warning { border-left: 4px solid var(--medium); background: #fff8c5; padding: .4rem .8rem; margin: .5rem 0; }
table { border-collapse: collapse; width: 100%; margin: .4rem 0; font-size: .9rem; }
th, td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
thead th { background: var(--soft); }
table code, table .badge { font-size: .95em; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
th[scope=row] { font-weight: normal; min-width: 10rem; max-width: 22rem; overflow-wrap: anywhere; }
.contradicted { color: var(--bad); font-weight: 600; }
.consistent { color: var(--ok); }
.inconclusive { color: var(--medium); }
.not-applicable, .unchecked { color: var(--low); }
ul.severities { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .5rem; }
ul.severities li { border: 1px solid var(--line); border-radius: 6px; padding: .3rem .8rem; min-width: 7rem; }
ul.severities b { font-size: 1.4rem; display: block; }
.badge { display: inline-block; border-radius: 4px; padding: 0 .4rem; color: #fff; font-size: .85rem;
  font-weight: 600; }
.critical .badge, .badge.critical { background: var(--bad); }
.high .badge, .badge.high { background: var(--high); }
.medium .badge, .badge.medium { background: var(--medium); }
.low .badge, .badge.low { background: var(--low); }
ul.severities .critical b { color: var(--bad); }
ul.severities .high b { color: var(--high); }
ul.severities .medium b { color: var(--medium); }
article.finding { border: 1px solid var(--line); border-left-width: 6px; border-radius: 6px; padding: .8rem 1rem;
  margin: 1rem 0; }
article.finding.critical { border-left-color: var(--bad); }
article.finding.high { border-left-color: var(--high); }
article.finding.medium { border-left-color: var(--medium); }
article.finding.low { border-left-color: var(--low); }
article.finding dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .5rem 0; }
article.finding dt { font-weight: 600; }
article.finding dd { margin: 0; overflow-wrap: anywhere; }
:target { outline: 3px solid #0969da; outline-offset: 2px; }
footer { margin-top: 2.5rem; color: var(--low); font-size: .85rem; }
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  nav { display: none; }
  a { color: inherit; text-decoration: none; }
  article.finding, tr, pre, ul.severities li { break-inside: avoid; }
  h2, h3 { break-after: avoid; }
  thead { display: table-header-group; }
  table { font-size: 7.5pt; }
  th, td { padding: .1rem .25rem; }
  th[scope=row] { min-width: 6rem; }
  :target { outline: none; }
  .badge { border: 1px solid #000; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}
@page { margin: 1.5cm; }
`;

/** A whole HTML document: `title` is text (escaped here), `body` is markup already made safe by its builder. */
export function htmlPage(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
