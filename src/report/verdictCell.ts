import type { Colors } from './colors.js';
import type { Cell } from './formatTable.js';
import type { Verdict } from '../model/report.js';

/** A verdict as a table cell: `✗ contradicted`, `✓ consistent`, `? inconclusive`, `– n/a`, `· unchecked`. */
export function verdictCell(verdict: Verdict, colors: Colors): Cell {
  switch (verdict.status) {
    case 'contradicted':
      return { text: '✗ contradicted', paint: colors.red };
    case 'consistent':
      return { text: '✓ consistent', paint: colors.green };
    case 'inconclusive':
      return { text: '? inconclusive', paint: colors.yellow };
    case 'not-applicable':
      return { text: '– n/a', paint: colors.dim };
    case 'unchecked':
      return { text: '· unchecked', paint: colors.dim };
  }
}
