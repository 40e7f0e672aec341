// Reads the cells of the first worksheet of a legacy Excel 97–2003 file (.xls, BIFF8 in an OLE2
// compound file), for the device import only: text, numbers and formula results, nothing else (no
// formatting, no macros, no embedded objects). Every offset and chain is bounded by the file's own
// size, so a malformed or hostile file ends in an XlsError, never a loop or a large allocation
// ([MS-CFB] §2.2–2.6, [MS-XLS] §2.4; docs/decisions/devices.md says why not LibreOffice or SheetJS).

export class XlsError extends Error {}

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;

export function isOle2(data: Buffer): boolean {
  return data.length >= 512 && data.subarray(0, 8).equals(OLE_MAGIC);
}

/** [MS-CFB]: the bytes of the stream named `Workbook` (BIFF8). */
function workbookStream(data: Buffer): Buffer {
  if (!isOle2(data)) throw new XlsError('not an OLE2 file');
  const sectorShift = data.readUInt16LE(0x1e);
  const miniShift = data.readUInt16LE(0x20);
  if ((sectorShift !== 9 && sectorShift !== 12) || miniShift !== 6) throw new XlsError('unexpected sector size');
  const sectorSize = 1 << sectorShift;
  const sectors = Math.floor((data.length - sectorSize) / sectorSize);
  const sector = (n: number) => {
    if (n >= sectors) throw new XlsError('sector out of range');
    const start = (n + 1) * sectorSize;
    return data.subarray(start, start + sectorSize);
  };
  const perSector = sectorSize / 4;

  // the FAT's sectors: 109 in the header, the rest in a chain of DIFAT sectors
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const s = data.readUInt32LE(0x4c + i * 4);
    if (s !== FREE && s !== END_OF_CHAIN) fatSectors.push(s);
  }
  let dif = data.readUInt32LE(0x44);
  for (let guard = 0; dif !== END_OF_CHAIN && dif !== FREE; guard++) {
    if (guard > sectors) throw new XlsError('DIFAT chain loops');
    const block = sector(dif);
    for (let i = 0; i < perSector - 1; i++) {
      const s = block.readUInt32LE(i * 4);
      if (s !== FREE && s !== END_OF_CHAIN) fatSectors.push(s);
    }
    dif = block.readUInt32LE((perSector - 1) * 4);
  }
  if (fatSectors.length > sectors) throw new XlsError('FAT larger than the file');
  const fat = new Uint32Array(fatSectors.length * perSector);
  fatSectors.forEach((s, i) => {
    const block = sector(s);
    for (let j = 0; j < perSector; j++) fat[i * perSector + j] = block.readUInt32LE(j * 4);
  });

  /** the sectors of a chain, in order; a loop or an out-of-range link is an error */
  const chain = (start: number, table: Uint32Array, limit: number): number[] => {
    const out: number[] = [];
    for (let s = start; s !== END_OF_CHAIN; s = table[s] ?? END_OF_CHAIN) {
      if (s >= table.length || out.length >= limit) throw new XlsError('broken sector chain');
      out.push(s);
    }
    return out;
  };
  const readChain = (start: number) => Buffer.concat(chain(start, fat, sectors).map(sector));

  // the directory: 128-byte entries, name in UTF-16LE
  const directory = readChain(data.readUInt32LE(0x30));
  type Entry = { name: string; type: number; start: number; size: number };
  const entries: Entry[] = [];
  for (let off = 0; off + 128 <= directory.length; off += 128) {
    const nameLength = Math.min(directory.readUInt16LE(off + 0x40), 64);
    entries.push({
      name: directory.toString('utf16le', off, off + Math.max(0, nameLength - 2)),
      type: directory[off + 0x42]!,
      start: directory.readUInt32LE(off + 0x74),
      size: directory.readUInt32LE(off + 0x78),
    });
  }
  const root = entries.find((e) => e.type === 5);
  const book = entries.find((e) => e.type === 2 && e.name === 'Workbook');
  if (!root || !book) throw new XlsError('no Workbook stream (not an Excel 97–2003 file)');
  if (book.size > data.length) throw new XlsError('stream larger than the file');

  const cutoff = data.readUInt32LE(0x38);
  if (book.size >= cutoff) return readChain(book.start).subarray(0, book.size);
  // small streams live in 64-byte mini sectors inside the root entry's stream
  const miniStream = readChain(root.start);
  const miniFatBytes = data.readUInt32LE(0x3c) === END_OF_CHAIN ? Buffer.alloc(0) : readChain(data.readUInt32LE(0x3c));
  const miniFat = new Uint32Array(miniFatBytes.length / 4);
  for (let i = 0; i < miniFat.length; i++) miniFat[i] = miniFatBytes.readUInt32LE(i * 4);
  const parts = chain(book.start, miniFat, miniStream.length / 64).map((m) => {
    if ((m + 1) * 64 > miniStream.length) throw new XlsError('mini sector out of range');
    return miniStream.subarray(m * 64, (m + 1) * 64);
  });
  return Buffer.concat(parts).subarray(0, book.size);
}

/** A reader over a record's data and its CONTINUE records ([MS-XLS] §2.5.293 string continuation). */
class Segments {
  private i = 0;
  private off = 0;
  constructor(private readonly parts: Buffer[]) {}
  private get part(): Buffer {
    const p = this.parts[this.i];
    if (!p) throw new XlsError('string runs past its record');
    return p;
  }
  private advance(): void {
    while (this.off >= this.part.length) {
      this.i++;
      this.off = 0;
    }
  }
  u8(): number {
    this.advance();
    return this.part[this.off++]!;
  }
  u16(): number {
    return this.u8() | (this.u8() << 8);
  }
  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }
  skip(n: number): void {
    for (let left = n; left > 0; ) {
      this.advance();
      const take = Math.min(left, this.part.length - this.off);
      this.off += take;
      left -= take;
    }
  }
  /** `count` characters; at a CONTINUE boundary the next record starts with a new high-byte flag */
  chars(count: number, highByte: boolean): string {
    let out = '';
    let high = highByte;
    let left = count;
    while (left > 0) {
      if (this.off >= this.part.length) {
        this.i++;
        this.off = 0;
        high = (this.part[this.off++]! & 1) === 1;
      }
      const width = high ? 2 : 1;
      const take = Math.min(left, Math.floor((this.part.length - this.off) / width));
      if (take === 0) throw new XlsError('split character');
      out += this.part.toString(high ? 'utf16le' : 'latin1', this.off, this.off + take * width);
      this.off += take * width;
      left -= take;
    }
    return out;
  }
}

/** XLUnicodeRichExtendedString */
function richString(r: Segments): string {
  const count = r.u16();
  const flags = r.u8();
  const runs = flags & 0x08 ? r.u16() : 0;
  const ext = flags & 0x04 ? r.u32() : 0;
  const value = r.chars(count, (flags & 1) === 1);
  r.skip(runs * 4 + ext);
  return value;
}

function rk(value: number): number {
  const n = value & 0x02 ? value >> 2 : (() => {
    const b = Buffer.alloc(8);
    b.writeUInt32LE((value & 0xfffffffc) >>> 0, 4);
    return b.readDoubleLE(0);
  })();
  return value & 0x01 ? n / 100 : n;
}

/** how a number cell reads as text: integers in full (an SN of digits), others as JavaScript prints them */
export function numberText(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER) return BigInt(n).toString();
  return String(n);
}

/**
 * The first worksheet's cells as rows of text (`rows[r][c]`, both 0-based), at most `maxRows` rows
 * read (the caller refuses a longer file). Throws XlsError for anything that is not a readable BIFF8
 * workbook (an encrypted one too).
 */
export function readXlsRows(data: Buffer, maxRows: number): string[][] {
  const book = workbookStream(data);
  type Record = { type: number; body: Buffer; next: number };
  const record = (at: number): Record | null => {
    if (at + 4 > book.length) return null;
    const type = book.readUInt16LE(at);
    const size = book.readUInt16LE(at + 2);
    if (at + 4 + size > book.length) throw new XlsError('record past the end');
    return { type, body: book.subarray(at + 4, at + 4 + size), next: at + 4 + size };
  };
  const first = record(0);
  if (!first || first.type !== 0x0809 || first.body.readUInt16LE(0) !== 0x0600) throw new XlsError('not a BIFF8 workbook');

  // the globals: the shared strings and where the first worksheet starts
  let strings: string[] = [];
  let sheetAt = -1;
  for (let at = first.next, rec = record(at); rec && rec.type !== 0x000a; at = rec.next, rec = record(at)) {
    if (rec.type === 0x002f) throw new XlsError('the workbook is password-protected');
    if (rec.type === 0x0085 && sheetAt < 0 && rec.body[5] === 0) sheetAt = rec.body.readUInt32LE(0);
    if (rec.type === 0x00fc) {
      const parts = [rec.body];
      let next = record(rec.next);
      while (next && next.type === 0x003c) {
        parts.push(next.body);
        rec = next;
        next = record(next.next);
      }
      const r = new Segments(parts);
      r.u32();
      const unique = r.u32();
      // a count the record cannot hold is a lie: each string takes at least 3 bytes
      if (unique > book.length / 3) throw new XlsError('shared string count');
      strings = Array.from({ length: unique }, () => richString(r));
    }
  }
  if (sheetAt < 0 || sheetAt >= book.length) throw new XlsError('no worksheet');

  const rows: string[][] = [];
  const put = (row: number, col: number, value: string) => {
    if (row >= maxRows || col > 255) return;
    (rows[row] ??= [])[col] = value;
  };
  let pendingFormula: { row: number; col: number } | null = null;
  const sheetBof = record(sheetAt);
  if (!sheetBof || sheetBof.type !== 0x0809) throw new XlsError('worksheet does not start with BOF');
  for (let at = sheetBof.next, rec = record(at); rec && rec.type !== 0x000a; at = rec.next, rec = record(at)) {
    const b = rec.body;
    switch (rec.type) {
      case 0x00fd: // LabelSst
        put(b.readUInt16LE(0), b.readUInt16LE(2), strings[b.readUInt32LE(6)] ?? '');
        break;
      case 0x0204: // Label (XLUnicodeString)
        put(b.readUInt16LE(0), b.readUInt16LE(2), richLabel(b));
        break;
      case 0x0203: // Number
        put(b.readUInt16LE(0), b.readUInt16LE(2), numberText(b.readDoubleLE(6)));
        break;
      case 0x027e: // RK
        put(b.readUInt16LE(0), b.readUInt16LE(2), numberText(rk(b.readInt32LE(6))));
        break;
      case 0x00bd: { // MulRk
        const row = b.readUInt16LE(0);
        const firstCol = b.readUInt16LE(2);
        for (let i = 0, off = 4; off + 6 <= b.length - 2; i++, off += 6) put(row, firstCol + i, numberText(rk(b.readInt32LE(off + 2))));
        break;
      }
      case 0x0006: { // Formula: its cached result
        const row = b.readUInt16LE(0);
        const col = b.readUInt16LE(2);
        if (b.readUInt16LE(12) !== 0xffff) put(row, col, numberText(b.readDoubleLE(6)));
        else if (b[6] === 0) pendingFormula = { row, col }; // the text follows in a String record
        else if (b[6] === 1) put(row, col, b[8] ? 'TRUE' : 'FALSE');
        break;
      }
      case 0x0207: // String: a formula's text result
        if (pendingFormula) put(pendingFormula.row, pendingFormula.col, stringRecord(b));
        pendingFormula = null;
        break;
      default:
    }
  }
  return Array.from({ length: rows.length }, (_, i) => Array.from({ length: rows[i]?.length ?? 0 }, (_, j) => rows[i]?.[j] ?? ''));
}

/** Label: rw, col, ixfe, then XLUnicodeString (cch, flags, characters) */
function richLabel(b: Buffer): string {
  return new Segments([b.subarray(9)]).chars(b.readUInt16LE(6), (b[8]! & 1) === 1);
}

/** String: XLUnicodeString (cch, flags, characters) */
function stringRecord(b: Buffer): string {
  return new Segments([b.subarray(3)]).chars(b.readUInt16LE(0), (b[2]! & 1) === 1);
}
