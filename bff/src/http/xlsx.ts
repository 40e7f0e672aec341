// A one-sheet .xlsx written to a response as the rows come (an exported list of any length): the
// sheet's XML is deflated into the zip a chunk at a time and the next rows are read only when the
// client has taken the previous ones, so memory does not grow with the row count. Cells are inline
// strings (ECMA-376 Part 1, §18.3.1.53 `is`), which every spreadsheet reader opens; exceljs's own
// streaming writer keeps every byte of the sheet it has written, which is why it is not used here.
import type { Writable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';

export interface XlsxColumn {
  header: string;
  /** in characters, as a spreadsheet measures a column */
  width: number;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** characters XML 1.0 does not allow at all (a device name could hold one) are dropped */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (text: string) => text.replace(INVALID_XML, '').replace(/[&<>"]/g, (c) => ENTITIES[c]!);

/** A, B, … Z, AA, AB, … */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function rowXml(r: number, cells: readonly string[]): string {
  let xml = `<row r="${r}">`;
  cells.forEach((value, i) => {
    if (value === '') return; // an empty cell, as a reader shows it
    const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
    xml += `<c r="${columnName(i)}${r}" t="inlineStr"><is><t${space}>${escape(value)}</t></is></c>`;
  });
  return `${xml}</row>`;
}

const encoder = new TextEncoder();

/** until the client has taken what was written, or has gone away */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * Writes a workbook with one sheet: a header row, then every row of `rows`. Stops early (without
 * an error) when the client goes away; the caller ends nothing, the writer ends `out`.
 */
export async function writeXlsx(out: Writable, sheetName: string, columns: readonly XlsxColumn[], rows: AsyncIterable<readonly string[]>): Promise<void> {
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else if (!out.destroyed) out.write(chunk);
    if (final && !out.destroyed) out.end();
  });
  const file = (name: string, xml: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(encoder.encode(HEAD + xml), true);
  };
  file('[Content_Types].xml', `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`);
  file('_rels/.rels', `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  file('xl/workbook.xml', `<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="${escape(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`);
  file('xl/_rels/workbook.xml.rels', `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`);

  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
  let pending = `${HEAD}<worksheet xmlns="${MAIN}"><cols>${cols}</cols><sheetData>${rowXml(1, columns.map((c) => c.header))}`;
  let r = 1;
  for await (const cells of rows) {
    if (out.destroyed) return; // the client went away: read no more rows
    pending += rowXml(++r, cells);
    if (pending.length >= 64 * 1024) {
      sheet.push(encoder.encode(pending));
      pending = '';
      if (failure) throw failure;
      if (out.writableNeedDrain) await drained(out);
    }
  }
  sheet.push(encoder.encode(`${pending}</sheetData></worksheet>`), true);
  zip.end();
  if (failure) throw failure;
}
