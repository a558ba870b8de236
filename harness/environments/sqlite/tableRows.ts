import type { BtreeNode } from './btree.js';
import { readCells } from './btree.js';
import type { ColumnShape, TableShape } from './parseCreateTable.js';
import { sameName } from './parseCreateTable.js';
import { decodeRecord } from './record.js';
import type { SqliteTable } from './readSchema.js';
import type { SqliteImage } from './sqliteImage.js';
import type { SqliteRow, SqliteValue } from './sqliteValue.js';
import { tokenize } from './sqlTokens.js';

/** One stored row: its rowid (rowid tables) and its columns by name (virtual generated columns left out). */
export interface StoredRow {
  readonly rowid?: bigint;
  readonly row: SqliteRow;
}

/**
 * The rows held by record pages of `table` (see recordPages). A record shorter than the table's stored
 * columns (written before `ALTER TABLE … ADD COLUMN`) takes the missing columns' defaults; the rowid alias
 * column takes the rowid. A table whose statement could not be parsed gets columns `c0`, `c1`… by position.
 */
export function rowsOfPages(
  image: SqliteImage,
  table: SqliteTable,
  nodes: readonly BtreeNode[],
): StoredRow[] {
  const layout = recordLayout(table.shape);
  // A WITHOUT ROWID record starts with its key: rows are still shown in declaration order.
  const order = table.shape?.withoutRowid
    ? table.shape.columns.filter((column) => column.generated !== 'virtual').map((column) => column.name)
    : undefined;
  const rows: StoredRow[] = [];
  for (const node of nodes) {
    for (const cell of readCells(image, node)) {
      const values = decodeRecord(cell.payload, image.encoding);
      const row: Record<string, SqliteValue> = {};
      const count = layout === undefined ? values.length : layout.length;
      for (let i = 0; i < count; i++) {
        const column = layout?.[i];
        const name = column?.name ?? `c${i}`;
        if (
          column !== undefined &&
          table.shape?.rowidAlias !== undefined &&
          sameName(name, table.shape.rowidAlias)
        ) {
          row[name] = cell.rowid === undefined ? (values[i] ?? null) : rowidValue(cell.rowid);
        } else {
          row[name] = i < values.length ? (values[i] as SqliteValue) : defaultValue(column);
        }
      }
      const ordered =
        order === undefined ? row : Object.fromEntries(order.map((name) => [name, row[name] ?? null]));
      rows.push(cell.rowid === undefined ? { row: ordered } : { rowid: cell.rowid, row: ordered });
    }
  }
  return rows;
}

/**
 * The columns of a record in order: a rowid table stores every column but the virtual generated ones, in
 * declaration order; a WITHOUT ROWID table stores its primary key columns first, then the others.
 */
function recordLayout(shape: TableShape | undefined): ColumnShape[] | undefined {
  if (shape === undefined) return undefined;
  const stored = shape.columns.filter((column) => column.generated !== 'virtual');
  if (!shape.withoutRowid) return stored;
  const key = shape.primaryKey
    .map((name) => stored.find((column) => sameName(column.name, name)))
    .filter((column, i, all): column is ColumnShape => column !== undefined && all.indexOf(column) === i);
  return [...key, ...stored.filter((column) => !key.includes(column))];
}

function rowidValue(rowid: bigint): SqliteValue {
  return rowid >= BigInt(Number.MIN_SAFE_INTEGER) && rowid <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(rowid)
    : rowid;
}

/** A column's DEFAULT as a value when it is a literal; otherwise its text (the same in both snapshots). */
function defaultValue(column: ColumnShape | undefined): SqliteValue {
  const text = column?.defaultText;
  if (text === undefined) return null;
  let tokens = tokenize(text);
  while (tokens.length >= 2 && tokens[0]?.value === '(' && tokens[tokens.length - 1]?.value === ')') {
    tokens = tokens.slice(1, -1);
  }
  const sign =
    tokens.length === 2 && (tokens[0]?.value === '-' || tokens[0]?.value === '+') ? tokens[0].value : '';
  const token = tokens[sign === '' ? 0 : 1];
  if (token === undefined || tokens.length > (sign === '' ? 1 : 2)) return text;
  if (token.kind === 'number') {
    const value = Number(sign + token.value);
    return Number.isNaN(value) ? text : value;
  }
  if (sign !== '') return text;
  if (token.kind === 'string') return token.value;
  if (token.kind === 'blob') return Uint8Array.from(Buffer.from(token.value, 'hex'));
  const word = token.value.toUpperCase();
  if (token.kind === 'word' && word === 'NULL') return null;
  if (token.kind === 'word' && (word === 'TRUE' || word === 'FALSE')) return word === 'TRUE' ? 1 : 0;
  return text;
}
