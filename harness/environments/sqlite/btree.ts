import type { SqliteImage } from './sqliteImage.js';
import { CorruptDatabaseError, readSmallVarint, readVarint } from './varint.js';

type NodeKind = 'table-interior' | 'table-leaf' | 'index-interior' | 'index-leaf';

/**
 * One b-tree page: its kind, where its cells start (read from the page when first asked; CorruptDatabaseError
 * then if one points outside it), and (interior pages) its right-most child.
 */
export interface BtreeNode {
  readonly number: number;
  readonly kind: NodeKind;
  readonly bytes: Uint8Array;
  readonly cellOffsets: readonly number[];
  readonly rightChild?: number;
}

/** One cell's content: the rowid (table leaves) and the whole payload, overflow pages included. */
export interface Cell {
  readonly rowid?: bigint;
  readonly payload: Uint8Array;
  /** The overflow pages the payload continues on, in order. */
  readonly overflow: readonly number[];
}

const KINDS: Readonly<Record<number, NodeKind>> = {
  2: 'index-interior',
  5: 'table-interior',
  10: 'index-leaf',
  13: 'table-leaf',
};

/** Deeper than this, a b-tree is taken to loop (SQLite itself refuses trees deeper than 20). */
const MAX_DEPTH = 40;

/** Reads the b-tree page header and cell pointer array of page `number`. */
function readNode(image: SqliteImage, number: number): BtreeNode {
  const bytes = image.page(number);
  const at = number === 1 ? 100 : 0;
  const kind = KINDS[bytes[at] as number];
  if (kind === undefined)
    throw new CorruptDatabaseError(`page ${number} is not a b-tree page (type ${bytes[at]})`);
  const interior = kind.endsWith('interior');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint16(at + 3);
  const pointers = at + (interior ? 12 : 8);
  if (pointers + 2 * count > image.usableSize) {
    throw new CorruptDatabaseError(`page ${number} claims ${count} cells, more than fit`);
  }
  // Read when first asked: a diff lists every leaf of a table but decodes only the leaves whose bytes moved.
  let cellOffsets: number[] | undefined;
  const readOffsets = (): number[] => {
    const offsets: number[] = [];
    for (let i = 0; i < count; i++) {
      const offset = view.getUint16(pointers + 2 * i);
      if (offset < pointers + 2 * count || offset >= image.usableSize) {
        throw new CorruptDatabaseError(`page ${number}: cell ${i} points outside the page (${offset})`);
      }
      offsets.push(offset);
    }
    return offsets;
  };
  return {
    number,
    kind,
    bytes,
    get cellOffsets() {
      cellOffsets ??= readOffsets();
      return cellOffsets;
    },
    ...(interior ? { rightChild: view.getUint32(at + 8) } : {}),
  };
}

/** The child page numbers of an interior page, left to right. */
function childrenOf(node: BtreeNode): number[] {
  if (node.rightChild === undefined) return [];
  const view = new DataView(node.bytes.buffer, node.bytes.byteOffset, node.bytes.byteLength);
  return [...node.cellOffsets.map((offset) => view.getUint32(offset)), node.rightChild];
}

/**
 * The pages of the b-tree rooted at `root` that hold records: the leaves of a table b-tree (its interior pages
 * hold only rowids), every page of an index b-tree (whose interior cells are entries too), in key order.
 * Throws CorruptDatabaseError on a loop, a page of the wrong kind or a tree too deep.
 */
export function recordPages(image: SqliteImage, root: number): BtreeNode[] {
  const found: BtreeNode[] = [];
  const seen = new Set<number>();
  const visit = (number: number, depth: number, family: 'table' | 'index' | undefined): void => {
    if (depth > MAX_DEPTH)
      throw new CorruptDatabaseError(`the b-tree at page ${root} is deeper than ${MAX_DEPTH}`);
    if (seen.has(number))
      throw new CorruptDatabaseError(`the b-tree at page ${root} reaches page ${number} twice`);
    seen.add(number);
    const node = readNode(image, number);
    const nodeFamily = node.kind.startsWith('table') ? 'table' : 'index';
    if (family !== undefined && family !== nodeFamily) {
      throw new CorruptDatabaseError(`page ${number} is a ${node.kind} page inside a ${family} b-tree`);
    }
    if (node.kind !== 'table-interior') found.push(node);
    for (const child of childrenOf(node)) visit(child, depth + 1, nodeFamily);
  };
  visit(root, 0, undefined);
  return found;
}

/** The cells of a record page, in order. */
export function readCells(image: SqliteImage, node: BtreeNode): Cell[] {
  return node.cellOffsets.map((offset) => readCell(image, node, offset));
}

function readCell(image: SqliteImage, node: BtreeNode, offset: number): Cell {
  const { bytes } = node;
  let at = offset + (node.kind === 'index-interior' ? 4 : 0);
  const size = readSmallVarint(bytes, at);
  at += size.length;
  let rowid: bigint | undefined;
  if (node.kind === 'table-leaf') {
    const key = readVarint(bytes, at);
    rowid = key.value;
    at += key.length;
  }
  const total = size.value;
  // Decoded next, whether it is a view or a copy: cells pointing at one another's bytes add up.
  image.budget.spend(total, `page ${node.number}: a cell's payload`);
  const local = localPayload(total, image.usableSize, node.kind === 'table-leaf');
  if (at + local > image.usableSize)
    throw new CorruptDatabaseError(`page ${node.number}: a cell runs past the page`);
  if (local === total)
    return {
      ...(rowid === undefined ? {} : { rowid }),
      payload: bytes.subarray(at, at + total),
      overflow: [],
    };
  if (total > image.pageCount * image.usableSize) {
    throw new CorruptDatabaseError(
      `page ${node.number}: a cell claims ${total} bytes, more than the database holds`,
    );
  }
  const payload = new Uint8Array(total);
  payload.set(bytes.subarray(at, at + local));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let next = view.getUint32(at + local);
  let filled = local;
  const overflow: number[] = [];
  while (filled < total) {
    if (next === 0 || overflow.length > image.pageCount) {
      throw new CorruptDatabaseError(`page ${node.number}: a cell's overflow chain ends early or loops`);
    }
    overflow.push(next);
    const page = image.page(next);
    const take = Math.min(total - filled, image.usableSize - 4);
    payload.set(page.subarray(4, 4 + take), filled);
    filled += take;
    next = new DataView(page.buffer, page.byteOffset, 4).getUint32(0);
  }
  return { ...(rowid === undefined ? {} : { rowid }), payload, overflow };
}

/** How many payload bytes a cell keeps on its own page (the file format's X, M and K). */
function localPayload(total: number, usable: number, tableLeaf: boolean): number {
  const max = tableLeaf ? usable - 35 : Math.floor(((usable - 12) * 64) / 255) - 23;
  if (total <= max) return total;
  const min = Math.floor(((usable - 12) * 32) / 255) - 23;
  const keep = min + ((total - min) % (usable - 4));
  return keep <= max ? keep : min;
}

/** The overflow pages of every cell of a record page, in order (cells without overflow add none). */
function overflowPagesOf(image: SqliteImage, node: BtreeNode): number[] {
  const pages: number[] = [];
  const view = new DataView(node.bytes.buffer, node.bytes.byteOffset, node.bytes.byteLength);
  for (const offset of node.cellOffsets) {
    let at = offset + (node.kind === 'index-interior' ? 4 : 0);
    const size = readSmallVarint(node.bytes, at);
    at += size.length;
    if (node.kind === 'table-leaf') at += readVarint(node.bytes, at).length;
    const local = localPayload(size.value, image.usableSize, node.kind === 'table-leaf');
    if (local === size.value) continue;
    let next = view.getUint32(at + local);
    for (let left = size.value - local; left > 0; left -= image.usableSize - 4) {
      if (next === 0 || pages.length > image.pageCount) {
        throw new CorruptDatabaseError(`page ${node.number}: a cell's overflow chain ends early or loops`);
      }
      pages.push(next);
      const page = image.page(next);
      next = new DataView(page.buffer, page.byteOffset, 4).getUint32(0);
    }
  }
  return pages;
}

/**
 * Whether record page `number` holds the same records in both images: the same bytes, and the same bytes on
 * every overflow page its cells continue on. Cheap when nothing moved (a byte comparison).
 */
export function sameRecordPage(before: SqliteImage, after: SqliteImage, number: number): boolean {
  if (before.usableSize !== after.usableSize || before.encoding !== after.encoding) return false;
  if (!sameBytes(before.page(number), after.page(number))) return false;
  if (!overflowMayHaveMoved(before, after)) return true;
  const overflow = overflowPagesOf(before, readNode(before, number));
  return overflow.every((page) => page <= after.pageCount && sameBytes(before.page(page), after.page(page)));
}

/** Page numbers at or past this may lead with a non-zero byte as overflow pages (their next pointer). */
const ZERO_LEAD_BELOW = 2 ** 24;

const overflowMoved = new WeakMap<SqliteImage, { after: SqliteImage; moved: boolean }>();

/**
 * Whether any page of `before` that could be an overflow page differs in `after` (or is gone). An overflow
 * page starts with the number of the next one, below 2^24 in a database of fewer pages, so its first byte is
 * 0; a b-tree page's first byte is its kind (2, 5, 10, 13), page 1's is the header's 'S'. When every changed
 * page of `before` leads with a non-zero byte, no overflow chain of `before` moved, and a record page with the
 * same bytes holds the same records without walking its cells. Remembered per pair of images (a diff asks for
 * every page of every table).
 */
function overflowMayHaveMoved(before: SqliteImage, after: SqliteImage): boolean {
  const known = overflowMoved.get(before);
  if (known?.after === after) return known.moved;
  let moved = before.pageCount >= ZERO_LEAD_BELOW;
  try {
    for (let number = 2; !moved && number <= before.pageCount; number++) {
      const page = before.page(number);
      if (page[0] !== 0) continue;
      moved = number > after.pageCount || !sameBytes(page, after.page(number));
    }
  } catch {
    moved = true;
  }
  overflowMoved.set(before, { after, moved });
  return moved;
}

/** Byte equality without copying either side. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a === b || Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}
