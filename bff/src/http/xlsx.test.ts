// The streamed spreadsheet writer: what a spreadsheet reader (exceljs) reads back, text that XML
// cannot hold as written, and rows read only as fast as the client takes them.
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, writeXlsx } from './xlsx.js';

async function written(rows: string[][]): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (c: Buffer) => parts.push(c));
  const ended = new Promise((r) => out.on('end', r));
  await writeXlsx(out, 'Devices & <more>', [{ header: 'Name', width: 20 }, { header: 'Note', width: 30 }], (async function* () { yield* rows; })());
  await ended;
  return Buffer.concat(parts);
}

describe('writeXlsx', () => {
  it('names columns as a spreadsheet does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('writes a workbook a spreadsheet reader opens, with the header, every row and text as typed', async () => {
    const rows = [
      ['Lobby AP', 'a & b < c > d "quoted"'],
      ['  spaced  ', 'line\nbreak'],
      ['bell\u0007gone', ''],
    ];
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await written(rows) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Devices & <more>')!;
    const values = sheet.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(values).toEqual([
      ['Name', 'Note'],
      ['Lobby AP', 'a & b < c > d "quoted"'],
      ['  spaced  ', 'line\nbreak'],
      ['bellgone'], // an empty text is an empty cell
    ]);
    expect(sheet.getColumn(2).width).toBe(30);
  });

  it('reads the next rows only when the client has taken what was written', async () => {
    let taken = 0;
    let release: (() => void) | null = null;
    // a client that stops reading after the first chunk until it is told to go on
    const client = new Writable({
      highWaterMark: 1024,
      write(_chunk, _enc, done) {
        if (release === null) release = done;
        else done();
      },
    });
    const row = ['x'.repeat(200), 'y'.repeat(200)];
    async function* rows() {
      for (let i = 0; i < 100_000; i++) {
        taken++;
        yield row;
      }
    }
    const writing = writeXlsx(client, 'Sheet', [{ header: 'A', width: 10 }, { header: 'B', width: 10 }], rows());
    await new Promise((r) => setTimeout(r, 200));
    // about one 64 KB slice of the sheet was read, not the 100,000 rows
    expect(taken).toBeLessThan(1000);
    const held = taken;
    await new Promise((r) => setTimeout(r, 100));
    expect(taken).toBe(held);
    release!();
    await writing;
    expect(taken).toBe(100_000);
  });

  it('stops reading rows when the client goes away', async () => {
    let taken = 0;
    const client = new Writable({ highWaterMark: 1024, write() { /* never takes anything */ } });
    async function* rows() {
      for (let i = 0; i < 100_000; i++) {
        taken++;
        yield ['row', String(i)];
      }
    }
    const writing = writeXlsx(client, 'Sheet', [{ header: 'A', width: 10 }, { header: 'B', width: 10 }], rows());
    await new Promise((r) => setTimeout(r, 100));
    client.destroy();
    await writing;
    expect(taken).toBeLessThan(10_000);
  });
});
