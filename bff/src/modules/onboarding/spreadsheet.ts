// Reads the first worksheet of an uploaded spreadsheet as rows of text, choosing the reader by the
// file's content, not its name: a zip (.xlsx, ECMA-376 SpreadsheetML) or an OLE2 compound file (.xls,
// xls.ts). An .xlsx is unpacked with limits on the entries and on the bytes they unpack to (zlib
// stops at the cap), so a zip bomb stops after a few megabytes of work, not after the memory is gone
// (docs/decisions/devices.md). Anything else (a renamed .exe, a PDF) is `not-spreadsheet`.
import { inflateRawSync } from 'node:zlib';
import { isOle2, numberText, readXlsRows, XlsError } from './xls.js';

export type SpreadsheetFailure = 'not-spreadsheet' | 'too-large-unpacked';

export class SpreadsheetError extends Error {
  constructor(readonly reason: SpreadsheetFailure, detail: string) {
    super(`spreadsheet refused (${reason}): ${detail}`);
  }
}

export interface SpreadsheetLimits {
  /** the unpacked bytes of the parts read, together */
  maxUnpackedBytes: number;
  /** entries in the zip */
  maxEntries: number;
  /** rows read (the caller refuses a longer sheet) */
  maxRows: number;
}

export const DEFAULT_SPREADSHEET_LIMITS: SpreadsheetLimits = { maxUnpackedBytes: 16 * 1024 * 1024, maxEntries: 256, maxRows: 1000 };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function spreadsheetKind(data: Buffer): 'xlsx' | 'xls' | null {
  if (data.length >= 4 && data.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (isOle2(data)) return 'xls';
  return null;
}

/** The first worksheet as rows of cell texts (0-based; missing cells are ''). */
export function readSpreadsheet(data: Buffer, limits: SpreadsheetLimits = DEFAULT_SPREADSHEET_LIMITS): string[][] {
  const kind = spreadsheetKind(data);
  if (kind === 'xls') {
    try {
      return readXlsRows(data, limits.maxRows);
    } catch (err) {
      if (err instanceof XlsError) throw new SpreadsheetError('not-spreadsheet', err.message);
      throw err;
    }
  }
  if (kind === 'xlsx') return readXlsxRows(data, limits);
  throw new SpreadsheetError('not-spreadsheet', 'neither a zip nor an OLE2 file');
}

// the parts of a workbook the import reads; every other entry is counted but not unpacked
const WANTED = /^(xl\/workbook\.xml|xl\/_rels\/workbook\.xml\.rels|xl\/sharedStrings\.xml|xl\/worksheets\/[^/]+\.xml)$/;

/**
 * The wanted entries of a zip (APPNOTE 4.3: the central directory at the end names every entry with
 * its sizes and where its data starts). Each entry is inflated by zlib with a hard cap on its output
 * (the budget left), so a bomb stops as soon as it has unpacked past the limit, whatever its headers
 * claim.
 */
function unzipParts(data: Buffer, limits: SpreadsheetLimits): Map<string, Buffer> {
  const broken = (why: string) => new SpreadsheetError('not-spreadsheet', `broken zip: ${why}`);
  // end of central directory: 22 bytes plus a comment of up to 64 KB
  let eocd = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (data.readUInt32LE(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw broken('no central directory');
  const count = data.readUInt16LE(eocd + 10);
  const dirOffset = data.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff) throw broken('zip64 is not expected in a spreadsheet');
  if (count > limits.maxEntries) throw new SpreadsheetError('too-large-unpacked', `more than ${limits.maxEntries} entries`);
  const parts = new Map<string, Buffer>();
  let budget = limits.maxUnpackedBytes;
  for (let i = 0, at = dirOffset; i < count; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) throw broken('bad central directory entry');
    const method = data.readUInt16LE(at + 10);
    const packed = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    const local = data.readUInt32LE(at + 42);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    at = next;
    if (!WANTED.test(name)) continue;
    if (local + 30 > data.length || data.readUInt32LE(local) !== 0x04034b50) throw broken(`bad local header of ${name}`);
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (start + packed > data.length) throw broken(`${name} runs past the end`);
    const raw = data.subarray(start, start + packed);
    let unpacked: Buffer;
    if (method === 0) unpacked = raw;
    else if (method === 8) {
      try {
        unpacked = inflateRawSync(raw, { maxOutputLength: Math.max(1, budget) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new SpreadsheetError('too-large-unpacked', `unpacks to more than ${limits.maxUnpackedBytes} bytes`);
        throw broken(`${name}: ${(err as Error).message}`);
      }
    } else throw broken(`${name} uses compression method ${method}`);
    budget -= unpacked.length;
    if (budget < 0) throw new SpreadsheetError('too-large-unpacked', `unpacks to more than ${limits.maxUnpackedBytes} bytes`);
    parts.set(name, unpacked);
  }
  return parts;
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text to a string: entities, character references and OOXML's `_xHHHH_` escapes */
export function xmlText(raw: string): string {
  return raw
    .replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
      e.startsWith('#x') ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(parseInt(e.slice(1), 10)) : ENTITY[e]!,
    )
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The elements named `tag` in `xml` (not nested in one another), each with its start tag and body,
 * found by a scan that only moves forward: a hostile sheet costs time in proportion to its size.
 */
export function* elements(xml: string, tag: string): Generator<{ start: string; body: string }> {
  const close = `</${tag}>`;
  for (let at = xml.indexOf(`<${tag}`); at >= 0; at = xml.indexOf(`<${tag}`, at)) {
    const after = xml[at + tag.length + 1];
    if (after !== '>' && after !== '/' && after !== ' ' && after !== '\t' && after !== '\n' && after !== '\r') {
      at += tag.length + 1; // a longer name (<cols> when looking for <c>)
      continue;
    }
    const startEnd = xml.indexOf('>', at);
    if (startEnd < 0) throw new SpreadsheetError('not-spreadsheet', `unclosed <${tag}>`);
    const start = xml.slice(at, startEnd + 1);
    if (start.endsWith('/>')) {
      yield { start, body: '' };
      at = startEnd + 1;
      continue;
    }
    const end = xml.indexOf(close, startEnd);
    if (end < 0) throw new SpreadsheetError('not-spreadsheet', `unclosed <${tag}>`);
    yield { start, body: xml.slice(startEnd + 1, end) };
    at = end + close.length;
  }
}

/** the text of a shared string or an inline string: its `<t>` runs, phonetic runs (`<rPh>`) left out */
function runsText(xml: string): string {
  let plain = '';
  let at = 0;
  for (let ph = xml.indexOf('<rPh', at); ph >= 0; ph = xml.indexOf('<rPh', at)) {
    plain += xml.slice(at, ph);
    const end = xml.indexOf('</rPh>', ph);
    at = end < 0 ? xml.length : end + 6;
  }
  plain += xml.slice(at);
  let out = '';
  for (const t of elements(plain, 't')) out += xmlText(t.body);
  return out;
}

/** "B12" → column 1 */
function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

function readXlsxRows(data: Buffer, limits: SpreadsheetLimits): string[][] {
  const parts = unzipParts(data, limits);
  const workbook = parts.get('xl/workbook.xml')?.toString('utf8');
  if (!workbook) throw new SpreadsheetError('not-spreadsheet', 'a zip without a workbook');
  // the first sheet of the workbook, through its relationship
  const firstSheet = /<(?:\w+:)?sheet\b[^>]*>/.exec(workbook)?.[0];
  const relId = firstSheet ? (attr(firstSheet, 'r:id') ?? attr(firstSheet, '[\\w]+:id')) : undefined;
  const rels = parts.get('xl/_rels/workbook.xml.rels')?.toString('utf8') ?? '';
  // the workbook and its relationships are a few hundred bytes in any real file
  if (workbook.length > 1024 * 1024 || rels.length > 1024 * 1024) throw new SpreadsheetError('not-spreadsheet', 'an oversized workbook part');
  let target: string | undefined;
  for (const m of rels.matchAll(/<Relationship\b[^>]*>/g)) if (attr(m[0], 'Id') === relId) target = attr(m[0], 'Target');
  const sheetPath = target ? (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`) : 'xl/worksheets/sheet1.xml';
  const sheet = parts.get(sheetPath)?.toString('utf8');
  if (sheet === undefined) throw new SpreadsheetError('not-spreadsheet', 'the first sheet is missing');

  const shared: string[] = [];
  const sst = parts.get('xl/sharedStrings.xml')?.toString('utf8') ?? '';
  for (const si of elements(sst, 'si')) shared.push(runsText(si.body));

  const rows: string[][] = [];
  let nextRow = 0;
  for (const row of elements(sheet, 'row')) {
    const r = Number(attr(row.start, 'r') ?? nextRow + 1) - 1;
    if (!Number.isInteger(r) || r < 0) throw new SpreadsheetError('not-spreadsheet', 'a row without a valid number');
    nextRow = r + 1;
    if (r >= limits.maxRows) break;
    const cells: string[] = [];
    let nextCol = 0;
    for (const c of elements(row.body, 'c')) {
      const ref = attr(c.start, 'r');
      const col = ref ? columnIndex(ref) : nextCol;
      nextCol = col + 1;
      if (col < 0 || col > 255) continue;
      const type = attr(c.start, 't');
      const v = elements(c.body, 'v').next().value?.body;
      let value = '';
      if (type === 'inlineStr') value = runsText(elements(c.body, 'is').next().value?.body ?? '');
      else if (type === 's') value = shared[Number(v)] ?? '';
      else if (type === 'str' || type === 'e') value = xmlText(v ?? '');
      else if (type === 'b') value = v === '1' ? 'TRUE' : 'FALSE';
      else if (v !== undefined) value = Number.isFinite(Number(v)) ? numberText(Number(v)) : xmlText(v);
      cells[col] = value;
    }
    rows[r] = Array.from({ length: cells.length }, (_, i) => cells[i] ?? '');
  }
  return Array.from({ length: rows.length }, (_, i) => rows[i] ?? []);
}
