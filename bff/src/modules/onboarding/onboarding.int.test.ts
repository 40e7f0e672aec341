// Onboarding through the HTTP API on a real database: adding by cloud code, the import template, and
// imports of .xlsx (written by exceljs, a third-party writer) and .xls (written by LibreOffice,
// committed as a fixture) with per-row results, plus the upload abuse the import must refuse quickly
// without leaving anything behind.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, DEMO_PROJECT_IDS, endpointErrors, DeviceItemSchema, ErrorCode, ImportResponseSchema, LIMITS, NetMode, type DeviceType } from '@airloom/contracts';
import { registerDevices } from '@airloom/gateway/testing';
import ExcelJS from 'exceljs';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withProjectsChange } from '../../db/change-counters.js';
import { backends, createTestEnv, signedUp, type Client, type TestEnv } from '../../test/test-env.js';
import { readSpreadsheet } from './spreadsheet.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const XLS_FIXTURE = readFileSync(path.join(here, 'fixtures', 'devices-3.xls'));
const XLS_FIXTURE_SNS = ['IMPXLS0000000001', 'IMPXLS0000000002', 'IMPXLS0000000003'];

let serial = 0;
function newSn(): string {
  serial += 1;
  return `IMP${randomBytes(4).toString('hex').toUpperCase()}${String(serial).padStart(5, '0')}`;
}

/** An .xlsx as a person's spreadsheet program writes it (exceljs: shared strings, styles, several parts). */
async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Devices');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const HEADER = ['SN', 'Name', 'Remark'];
const MANUFACTURER_KEY = `test-manufacturer-key-${randomBytes(8).toString('hex')}`;

describe.each(backends())('device onboarding on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend, { env: { AIRLOOM_MANUFACTURER_KEY: MANUFACTURER_KEY } });
  });
  afterAll(async () => {
    await env?.close();
  });

  async function project(c: Client, netMode: number = NetMode.WLAN): Promise<number> {
    const res = await c.post('/api/v1/projects', { projectName: `P${randomBytes(3).toString('hex')}`, scenario: 'hotel', netMode });
    expect(res.body.code).toBe(0);
    return res.body.data.id as number;
  }
  async function registered(options: { sn?: string; projectId?: number | null; type?: DeviceType; cloudCode?: string } = {}): Promise<string> {
    const sn = options.sn ?? newSn();
    const mac = `00:1A:2B:${randomBytes(3).toString('hex').match(/../g)!.join(':').toUpperCase()}`;
    await registerDevices(env.db, [{ sn, type: options.type ?? 'ap', model: options.type === 'mesh' ? 'AL-MX300' : 'AL-AP1', mac, secret: 'secret-of-the-device-1', projectId: options.projectId ?? null, ...(options.cloudCode ? { cloudCode: options.cloudCode } : {}) }]);
    return sn;
  }
  const upload = (c: Client, id: number, data: Buffer, name: string, query = '') =>
    c.agent.post(`/api/v1/projects/${id}/devices/import${query}`).set('X-Airloom-Csrf', '1').attach('file', data, { filename: name });
  const projectSns = async (id: number) => ((await env.db('devices').where({ project_id: id }).select('sn')) as { sn: string }[]).map((r) => r.sn).sort();

  it('serves the template: one header row SN, Name, Remark, which an import refuses as empty (260)', async () => {
    const { c } = await signedUp(env);
    const res = await c.agent.get('/api/v1/devices/import-template.xlsx').buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (chunk: Buffer) => chunks.push(chunk));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const file = res.body as Buffer;
    expect(readSpreadsheet(file)).toEqual([HEADER]);
    // a third-party reader opens it too
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([undefined, ...HEADER]);

    const id = await project(c);
    const empty = await upload(c, id, file, 'template.xlsx');
    expect([empty.status, empty.body.code]).toEqual([400, ErrorCode.EXCEL_TEMPLATE_EMPTY]);
    expect(empty.body.message).toBe('the Excel template is empty');
    // without a session there is no template
    expect((await (await import('supertest')).default(env.app).get('/api/v1/devices/import-template.xlsx')).status).toBe(401);
  });

  it('imports every row of a good .xlsx: bound to the project with its name and remark', async () => {
    const { c } = await signedUp(env);
    const id = await project(c);
    const sns = [await registered(), await registered(), await registered()];
    const file = await xlsx([HEADER, [sns[0]!.toLowerCase(), 'Lobby', 'ground floor'], [], [sns[1]!, 'Bar', ''], [sns[2]!, '', 'no name given']]);
    const res = await upload(c, id, file, 'devices.xlsx');
    expect(res.status).toBe(200);
    const body = ImportResponseSchema.parse(res.body.data);
    expect(body.imported).toBe(3);
    // row numbers as the spreadsheet shows them: the blank row 3 is skipped, not renumbered
    expect(body.rows.map((r) => [r.row, r.sn, r.code])).toEqual([[2, sns[0]!, 0], [4, sns[1]!, 0], [5, sns[2]!, 0]]);
    expect(await projectSns(id)).toEqual([...sns].sort());
    const lobby = await c.get(`/api/v1/projects/${id}/devices/${sns[0]}`);
    expect(lobby.body.data).toMatchObject({ name: 'Lobby', remark: 'ground floor', pendingConfig: true });
    expect((await c.get(`/api/v1/projects/${id}/devices/${sns[2]}`)).body.data).toMatchObject({ remark: 'no name given' });
  });

  it('lists each refused row with its number and code and imports nothing, unless the valid rows are asked for', async () => {
    const owner = await signedUp(env);
    const other = await signedUp(env);
    const id = await project(owner.c);
    const good = [await registered(), await registered()];
    const bound = await registered({ projectId: await project(other.c) });
    const mesh = await registered({ type: 'mesh' });
    const unknown = newSn();
    const file = await xlsx([
      HEADER,
      [good[0]!, 'Hall', ''],
      ['SHORT', 'Bad', ''], // row 3: SN format
      [unknown, '', ''], // row 4: not registered
      [good[0]!, '', ''], // row 5: twice in the file
      [bound, '', ''], // row 6: in another project
      [mesh, '', ''], // row 7: a cable-free node in a traditional project
      [good[1]!, 'two words', ''], // row 8: name rule (no spaces)
      [good[1]!, 'Desk', 'x'.repeat(LIMITS.remarkMaxLength + 1)], // row 9: remark too long
    ]);
    const checked = await upload(owner.c, id, file, 'devices.xlsx');
    expect(checked.status).toBe(200);
    const rows = ImportResponseSchema.parse(checked.body.data);
    expect(rows.imported).toBe(0);
    expect(rows.rows.map((r) => [r.row, r.code, r.field])).toEqual([
      [2, 0, null],
      [3, ErrorCode.INVALID_PARAMS, 'sn'],
      [4, ErrorCode.DATA_NOT_FOUND, null],
      [5, ErrorCode.DATA_EXISTS, 'sn'],
      [6, ErrorCode.ADD_DEVICE_FAILED, null],
      [7, ErrorCode.DEVICE_MIXING, null],
      [8, ErrorCode.INVALID_PARAMS, 'name'],
      [9, ErrorCode.INVALID_PARAMS, 'remark'],
    ]);
    expect(rows.rows[1]!.message).toBe('The serial number is 16 to 32 characters');
    expect(rows.rows[5]!.message).toBe('Cable-free (mesh) and traditional devices cannot be mixed in one project.');
    expect(await projectSns(id)).toEqual([]);

    const valid = ImportResponseSchema.parse((await upload(owner.c, id, file, 'devices.xlsx', '?validOnly=1')).body.data);
    expect(valid.imported).toBe(1);
    expect(await projectSns(id)).toEqual([good[0]!]);
    expect(await env.db('devices').where({ sn: bound }).first('project_id')).not.toMatchObject({ project_id: id });
  });

  it('refuses traditional devices in a cable-free project (88), by import and by SN', async () => {
    const { c } = await signedUp(env);
    const id = await project(c, NetMode.MESH);
    const ap = await registered();
    const node = await registered({ type: 'mesh' });
    const res = ImportResponseSchema.parse((await upload(c, id, await xlsx([HEADER, [node, 'Node', ''], [ap, 'Ap', '']]), 'mesh.xlsx')).body.data);
    expect(res.rows.map((r) => r.code)).toEqual([0, ErrorCode.DEVICE_MIXING_88]);
    expect(res.imported).toBe(0);
    const bySn = await c.post(`/api/v1/projects/${id}/devices`, { sn: ap });
    expect([bySn.status, bySn.body.code]).toEqual([400, ErrorCode.DEVICE_MIXING_88]);
    expect((await c.post(`/api/v1/projects/${id}/devices`, { sn: node })).status).toBe(201);
  });

  it('reads a legacy .xls written by LibreOffice (text in either byte width, a number cell)', async () => {
    const { c } = await signedUp(env);
    const id = await project(c);
    await env.db('devices').whereIn('sn', XLS_FIXTURE_SNS).delete();
    for (const sn of XLS_FIXTURE_SNS) await registered({ sn });
    const res = await upload(c, id, XLS_FIXTURE, 'devices.xls');
    expect(res.status).toBe(200);
    expect(ImportResponseSchema.parse(res.body.data)).toMatchObject({ imported: 3 });
    const detail = async (sn: string) => (await c.get(`/api/v1/projects/${id}/devices/${sn}`)).body.data as { name: string; remark: string };
    expect(await detail(XLS_FIXTURE_SNS[1]!)).toMatchObject({ name: 'Küche-AP', remark: 'Zimmer über der Küche' });
    expect(await detail(XLS_FIXTURE_SNS[2]!)).toMatchObject({ name: 'Xls-3', remark: '42' });
  });

  it('answers a wrong template 258 and an empty one 260', async () => {
    const { c } = await signedUp(env);
    const id = await project(c);
    const sn = await registered();
    const cases: [string, (string | number)[][], number][] = [
      ['columns in another order', [['Name', 'SN', 'Remark'], ['x', sn, '']], ErrorCode.EXCEL_TEMPLATE_WRONG],
      ['an extra column', [[...HEADER, 'MAC'], [sn, '', '', '00:11']], ErrorCode.EXCEL_TEMPLATE_WRONG],
      ['no header row', [[sn, 'Hall', '']], ErrorCode.EXCEL_TEMPLATE_WRONG],
      ['header only', [HEADER], ErrorCode.EXCEL_TEMPLATE_EMPTY],
      ['header and blank rows', [HEADER, [], ['', '', '']], ErrorCode.EXCEL_TEMPLATE_EMPTY],
      ['nothing at all', [], ErrorCode.EXCEL_TEMPLATE_EMPTY],
    ];
    for (const [what, rows, code] of cases) {
      const res = await upload(c, id, await xlsx(rows), 'devices.xlsx');
      expect([res.status, res.body.code], what).toEqual([400, code]);
    }
    expect(await projectSns(id)).toEqual([]);
  });

  it('refuses abusive uploads quickly, by content and size, and leaves no file behind', async () => {
    const { c } = await signedUp(env);
    const id = await project(c);
    // the uploads run with a temporary directory of their own, which must stay empty
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'airloom-import-tmp-'));
    const tmpBefore = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    // a zip bomb: a sheet of 64 MB of spaces packed into well under 1 MB
    const spaces = new Uint8Array(64 * 1024 * 1024).fill(0x20);
    const bomb = Buffer.from(zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/workbook.xml': strToU8('<workbook><sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      'xl/worksheets/sheet1.xml': spaces,
    }, { level: 6 }));
    expect(bomb.length).toBeLessThan(LIMITS.importFileMaxBytes);
    // a zip of many entries
    const many = Buffer.from(zipSync(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`x/${i}.txt`, strToU8('x')])), { level: 0 }));
    // a Windows program renamed, a file over 10 MB, 501 rows
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(4096)]);
    const huge = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(LIMITS.importFileMaxBytes + 1)]);
    const tooMany = await xlsx([HEADER, ...Array.from({ length: LIMITS.serialsPerImportMax + 1 }, (_, i) => [`IMPMANY${String(i).padStart(10, '0')}`, '', ''])]);
    const cases: [string, Buffer, string, string][] = [
      ['zip bomb', bomb, 'bomb.xlsx', 'apiErrors.onboarding.notSpreadsheet'],
      ['2000 zip entries', many, 'many.xlsx', 'apiErrors.onboarding.notSpreadsheet'],
      ['renamed .exe', exe, 'setup.xlsx', 'apiErrors.onboarding.notSpreadsheet'],
      ['renamed .exe as .xls', exe, 'setup.xls', 'apiErrors.onboarding.notSpreadsheet'],
      ['over 10 MB', huge, 'big.xlsx', 'rules.importFile.size'],
      ['501 rows', tooMany, 'many.xlsx', 'apiErrors.onboarding.tooManyRows'],
      ['a good file with another extension', await xlsx([HEADER, [newSn(), '', '']]), 'devices.csv', 'rules.importFile.extension'],
      ['an empty file', Buffer.alloc(0), 'devices.xlsx', 'rules.importFile.empty'],
      ['a truncated .xls', XLS_FIXTURE.subarray(0, 1536), 'cut.xls', 'apiErrors.onboarding.notSpreadsheet'],
    ];
    for (const [what, data, name, field] of cases) {
      const started = Date.now();
      const res = await upload(c, id, data, name);
      expect([res.status, res.body.code], what).toEqual([400, ErrorCode.INVALID_PARAMS]);
      expect(res.body.fields, what).toEqual({ file: field });
      expect(Date.now() - started, what).toBeLessThan(3000);
    }
    const notMultipart = await c.post(`/api/v1/projects/${id}/devices/import`, { file: 'x' });
    expect([notMultipart.status, notMultipart.body.code]).toEqual([400, ErrorCode.INVALID_PARAMS]);
    expect(await projectSns(id)).toEqual([]);
    if (tmpBefore === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpBefore;
    // the upload is read in memory and never written to disk
    expect(readdirSync(tmp)).toEqual([]);
    rmSync(tmp, { recursive: true });
  });

  it('adds a device by its cloud code with the refusals of adding by SN', async () => {
    const owner = await signedUp(env);
    const other = await signedUp(env);
    const id = await project(owner.c);
    const meshProject = await project(owner.c, NetMode.MESH);
    const code = () => Array.from({ length: 8 }, () => 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'[randomBytes(1)[0]! % 31]).join('');
    const freeCode = code();
    const free = await registered({ cloudCode: freeCode });
    const boundCode = code();
    await registered({ cloudCode: boundCode, projectId: await project(other.c) });
    const add = (projectId: number, body: object) => owner.c.post(`/api/v1/projects/${projectId}/devices/by-code`, body);

    // as printed on the label: lower case with a dash is the same code
    const typed = `${freeCode.slice(0, 4).toLowerCase()}-${freeCode.slice(4).toLowerCase()}`;
    const mixed = await add(meshProject, { code: typed });
    expect([mixed.status, mixed.body.code]).toEqual([400, ErrorCode.DEVICE_MIXING_88]);
    const added = await add(id, { code: typed, name: 'Hall' });
    expect(added.status).toBe(201);
    expect(DeviceItemSchema.parse(added.body.data)).toMatchObject({ sn: free, name: 'Hall' });
    expect((await owner.c.get(`/api/v1/projects/${id}/devices/${free}`)).body.data).toMatchObject({ cloudCode: freeCode });

    const unknown = await add(id, { code: code() });
    expect([unknown.status, unknown.body.code]).toEqual([404, ErrorCode.DATA_NOT_FOUND]);
    // the page reads the endpoint's own sentence for it
    expect(endpointErrors(API.onboarding.addByCode).find((e) => e.code === ErrorCode.DATA_NOT_FOUND)?.text).toBe('onboarding.codeNotRegistered');
    for (const taken of [boundCode, freeCode]) expect((await add(id, { code: taken })).body.code).toBe(ErrorCode.ADD_DEVICE_FAILED);
    for (const [bad, key] of [['ABC', 'rules.cloudCode.length'], ['ABCD-EFG0', 'rules.cloudCode.chars'], ['', 'rules.cloudCode.required']] as const) {
      const res = await add(id, { code: bad });
      expect([res.status, res.body.code, res.body.fields], bad).toEqual([400, ErrorCode.INVALID_PARAMS, { code: key }]);
    }
  });

  it('refuses a cloud code registered for another device', async () => {
    const key = MANUFACTURER_KEY;
    const code = 'HJKM2345';
    const sn = newSn();
    const register = async (devices: object[]) => (await import('supertest')).default(env.app).post('/api/v1/manufacturer/devices').set('Authorization', `Bearer ${key}`).send({ devices });
    const row = (s: string, c: string) => ({ sn: s, model: 'AL-AP1', type: 'ap', mac: `00:1A:2B:${randomBytes(3).toString('hex').match(/../g)!.join(':').toUpperCase()}`, secret: 'secret-of-the-device-1', cloudCode: c });
    const first = await register([row(sn, code)]);
    expect(first.body.code).toBe(0);
    const again = await register([row(sn, code)]); // the same device again keeps its code
    expect(again.body.code).toBe(0);
    const clash = await register([row(newSn(), code)]);
    expect([clash.status, clash.body.code, clash.body.fields]).toEqual([400, ErrorCode.INVALID_PARAMS, { 'devices.0.cloudCode': 'rules.deviceBatch.cloudCodeTaken' }]);
  });

  it('decides the import by the project right: read-only share 173, demo 917, stranger 412', async () => {
    const owner = await signedUp(env);
    const reader = await signedUp(env);
    const stranger = await signedUp(env);
    const id = await project(owner.c);
    const readerId = Number((await env.db('accounts').where({ account: reader.account }).first('id')).id);
    await withProjectsChange(env.db, (trx) => trx('project_members').insert({ project_id: id, account_id: readerId, share_right: 'r', shared_at: Date.now(), expires_at: null }));
    const file = await xlsx([HEADER, [await registered(), '', '']]);
    expect((await upload(reader.c, id, file, 'd.xlsx')).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    expect((await upload(stranger.c, id, file, 'd.xlsx')).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await upload(owner.c, DEMO_PROJECT_IDS.WLAN, file, 'd.xlsx')).body.code).toBe(ErrorCode.DEMO_PROJECT);
    expect((await reader.c.post(`/api/v1/projects/${id}/devices/by-code`, { code: 'HJKM2345' })).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    expect(await projectSns(id)).toEqual([]);
  });
});
