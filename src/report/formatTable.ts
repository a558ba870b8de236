/** One table cell: its plain text (which sets the width) and an optional colour applied after padding is computed. */
export interface Cell {
  readonly text: string;
  readonly paint?: (text: string) => string;
}

export type Align = 'left' | 'right';

/**
 * Aligns rows of cells into lines. Widths are measured on the plain text, so colour codes never shift columns;
 * the last column gets no trailing padding.
 */
export function formatTable(rows: readonly (readonly Cell[])[], align: readonly Align[], gap = 2): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, visibleWidth(cell.text));
    });
  }
  return rows.map((row) =>
    row
      .map((cell, i) => {
        const padding = ' '.repeat((widths[i] ?? 0) - visibleWidth(cell.text));
        const painted = cell.paint ? cell.paint(cell.text) : cell.text;
        if (align[i] === 'right') return padding + painted;
        return i === row.length - 1 ? painted : painted + padding;
      })
      .join(' '.repeat(gap)),
  );
}

/** Width in terminal columns of plain text: one per code point (the report uses no wide characters). */
function visibleWidth(text: string): number {
  return Array.from(text).length;
}
