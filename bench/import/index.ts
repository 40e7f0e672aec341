// Importing 500 devices from a spreadsheet, end to end through HTTP against a running console (the
// same process `npm start` runs): POST /projects/:id/devices/import with a 500-row file, from the
// first byte sent to the answer listing 500 imported rows. The devices are registered first as a
// manufacturer does; each run imports into a fresh project. Budgets (issue "device maintenance and
// onboarding"): .xlsx < 3 s, .xls < 5 s. Short mode (CI): one run of each after a warm-up; full mode:
// five, the median counts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync, strToU8 } from 'fflate';
import { startConsole } from '@airloom/e2e/support';
import { signUp, type ApiSession } from '../src/http';
import { percentile, type Figure } from '../src/stats';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROWS = 500;
const KEY = `bench-import-${Date.now()}`;

/** a 500-row .xlsx as a spreadsheet program writes it: shared strings, one sheet */
function xlsx500(sns: string[]): Buffer {
  const strings: string[] = ['SN', 'Name', 'Remark'];
  const index = (s: string) => strings.push(s) - 1;
  const cell = (ref: string, s: number) => `<c r="${ref}" t="s"><v>${s}</v></c>`;
  let rows = `<row r="1">${cell('A1', 0)}${cell('B1', 1)}${cell('C1', 2)}</row>`;
  sns.forEach((sn, i) => {
    const r = i + 2;
    rows += `<row r="${r}">${cell(`A${r}`, index(sn))}${cell(`B${r}`, index(`Bx-${i + 1}`))}${cell(`C${r}`, index(`bench row ${i + 1}`))}</row>`;
  });
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return Buffer.from(zipSync({
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>'),
    '_rels/.rels': strToU8(`<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    'xl/workbook.xml': strToU8(`<?xml version="1.0"?><workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Devices" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': strToU8(`<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
    'xl/worksheets/sheet1.xml': strToU8(`<?xml version="1.0"?><worksheet xmlns="${main}"><sheetData>${rows}</sheetData></worksheet>`),
    'xl/sharedStrings.xml': strToU8(`<?xml version="1.0"?><sst xmlns="${main}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`),
  }));
}

async function register(url: string, sns: string[]): Promise<void> {
  const res = await fetch(`${url}/api/v1/manufacturer/devices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
    body: JSON.stringify({
      devices: sns.map((sn, i) => ({ sn, model: 'AL-AP1', type: 'ap', mac: `02:42:4C:${((i >> 16) & 0xff).toString(16).padStart(2, '0')}:${((i >> 8) & 0xff).toString(16).padStart(2, '0')}:${(i & 0xff).toString(16).padStart(2, '0')}`.toUpperCase(), secret: 'bench-device-secret-1' })),
    }),
  });
  const body = (await res.json()) as { code: number };
  if (body.code !== 0) throw new Error(`registration refused: ${JSON.stringify(body).slice(0, 300)}`);
}

/** one import into a fresh project: seconds from sending the file to the answer */
async function importOnce(url: string, owner: ApiSession, file: Buffer, name: string): Promise<number> {
  const project = await owner.call<{ id: number }>('POST', '/projects', { projectName: `Import ${Date.now() % 1e6}`, scenario: 'hotel' });
  if (project.code !== 0) throw new Error(`project: ${JSON.stringify(project)}`);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const started = performance.now();
  const res = await fetch(`${url}/api/v1/projects/${project.data.id}/devices/import`, { method: 'POST', headers: { cookie: owner.cookie, 'X-Airloom-Csrf': '1', accept: 'application/json' }, body: form });
  const body = (await res.json()) as { code: number; data?: { imported: number } };
  const seconds = (performance.now() - started) / 1000;
  if (body.code !== 0 || body.data?.imported !== ROWS) throw new Error(`import of ${name} answered ${JSON.stringify(body).slice(0, 300)}`);
  // deleting the project frees its devices for the next run
  const removed = await owner.call('DELETE', `/projects/${project.data.id}`);
  if (removed.code !== 0) throw new Error(`project not removed: ${JSON.stringify(removed)}`);
  return seconds;
}

export async function importBench(short: boolean): Promise<Figure[]> {
  // the demo fleet is not started: the import is timed, not 20 simulated devices beside it
  const app = await startConsole({ env: { DEMO_HISTORY: 'false', SIM_DEMO_FLEET: 'false', AIRLOOM_MANUFACTURER_KEY: KEY } });
  try {
    const owner = await signUp(app.url, () => app.outbox(), `bench-import-${Date.now()}@example.com`, 'Bench-pass-1');
    // the .xls was written by LibreOffice from 500 rows BENCHXLS0000000001…500 (committed beside this file)
    const xls = readFileSync(path.join(here, 'devices-500.xls'));
    // both files name the same 500 devices (registering hashes each device's secret: done once)
    const sns = Array.from({ length: ROWS }, (_, i) => `BENCHXLS${String(i + 1).padStart(10, '0')}`);
    await register(app.url, sns);
    const book = xlsx500(sns);
    const runs = short ? 1 : 5;
    await importOnce(app.url, owner, book, 'warm-up.xlsx'); // JIT and first queries settle
    const times = { xlsx: [] as number[], xls: [] as number[] };
    for (let i = 0; i < runs; i++) {
      times.xlsx.push(await importOnce(app.url, owner, book, 'devices.xlsx'));
      times.xls.push(await importOnce(app.url, owner, xls, 'devices.xls'));
    }
    const median = (list: number[]) => percentile([...list].sort((a, b) => a - b), 50);
    return [
      { bench: `import ${ROWS} devices from .xlsx through HTTP (${runs} run${runs > 1 ? 's' : ''}, median)`, metric: 'wall time', value: median(times.xlsx), unit: 's', budget: { max: 3 } },
      { bench: `import ${ROWS} devices from .xls through HTTP (${runs} run${runs > 1 ? 's' : ''}, median)`, metric: 'wall time', value: median(times.xls), unit: 's', budget: { max: 5 } },
    ];
  } finally {
    await app.stop();
  }
}
