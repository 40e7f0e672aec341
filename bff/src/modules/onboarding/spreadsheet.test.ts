// The import's spreadsheet readers on files real programs wrote: the console's own template writer,
// exceljs (shared strings), LibreOffice's .xls (a small workbook in the mini stream, a 500-row one
// whose shared strings run over CONTINUE records), and files that are something else.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { writeXlsx } from '../../http/xlsx.js';
import { elements, readSpreadsheet, spreadsheetKind, SpreadsheetError, xmlText } from './spreadsheet.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (file: string) => readFileSync(path.join(here, file));

async function written(rows: string[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeXlsx(out, 'Devices', [{ header: 'SN', width: 10 }, { header: 'Name', width: 10 }, { header: 'Remark', width: 10 }], (async function* () {
    yield* rows;
  })());
  await ended;
  return Buffer.concat(chunks);
}

describe('readSpreadsheet', () => {
  it('reads the console\'s own .xlsx (inline strings), empty cells kept in place', async () => {
    const file = await written([['ALAP500000000001', '', 'a & b <c>'], ['ALAP500000000002', 'Bar', '']]);
    expect(spreadsheetKind(file)).toBe('xlsx');
    expect(readSpreadsheet(file)).toEqual([['SN', 'Name', 'Remark'], ['ALAP500000000001', '', 'a & b <c>'], ['ALAP500000000002', 'Bar']]);
  });

  it('reads exceljs\'s .xlsx (shared strings, numbers, a gap row)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Devices');
    sheet.addRow(['SN', 'Name', 'Remark']);
    sheet.addRow(['ALAP500000000001', 'Küche', 42]);
    sheet.getCell('A4').value = 1234567890123456;
    const rows = readSpreadsheet(Buffer.from(await book.xlsx.writeBuffer()));
    expect(rows).toEqual([['SN', 'Name', 'Remark'], ['ALAP500000000001', 'Küche', '42'], [], ['1234567890123456']]);
  });

  it('reads a small LibreOffice .xls (its workbook in the mini stream)', () => {
    const file = fixture('fixtures/devices-3.xls');
    expect(spreadsheetKind(file)).toBe('xls');
    expect(readSpreadsheet(file)).toEqual([
      ['SN', 'Name', 'Remark'],
      ['IMPXLS0000000001', 'Xls-1', 'first floor'],
      ['IMPXLS0000000002', 'Küche-AP', 'Zimmer über der Küche'],
      ['IMPXLS0000000003', 'Xls-3', '42'],
    ]);
  });

  it('reads a 500-row LibreOffice .xls whose shared strings continue over several records', () => {
    const rows = readSpreadsheet(fixture('../../../../bench/import/devices-500.xls'));
    expect(rows).toHaveLength(501);
    expect(rows[1]).toEqual(['BENCHXLS0000000001', 'Bx-1', 'bench row 1']);
    expect(rows[500]).toEqual(['BENCHXLS0000000500', 'Bx-500', 'bench row 500']);
  });

  it('stops reading at the row limit', async () => {
    const file = await written(Array.from({ length: 20 }, (_, i) => [`ALAP5000000000${String(i).padStart(2, '0')}`, '', '']));
    expect(readSpreadsheet(file, { maxUnpackedBytes: 1 << 20, maxEntries: 16, maxRows: 5 })).toHaveLength(5);
  });

  it.each([
    ['a PDF', Buffer.from('%PDF-1.7\n...')],
    ['a zip without a workbook', Buffer.from(zipSync({ 'a.txt': strToU8('hello') }))],
    ['a zip whose sheet is not closed', Buffer.from(zipSync({ 'xl/workbook.xml': strToU8('<workbook/>'), 'xl/worksheets/sheet1.xml': strToU8(`<worksheet><sheetData>${'<row r="1">'.repeat(50_000)}`) }))],
    ['an OLE2 header and nothing else', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024, 0xff)])],
  ])('refuses %s as not a spreadsheet', (_label, file) => {
    expect(() => readSpreadsheet(file)).toThrow(SpreadsheetError);
  });
});

describe('XML helpers', () => {
  it('decodes entities, character references and OOXML escapes', () => {
    expect(xmlText('a&amp;b &lt;&#x41;&#66;&gt; _x000D_')).toBe('a&b <AB> \r');
  });
  it('finds elements by exact name, not a longer one', () => {
    expect([...elements('<cols><col/></cols><c r="A1"><v>1</v></c><c/>', 'c')].map((e) => e.body)).toEqual(['<v>1</v>', '']);
  });
});
