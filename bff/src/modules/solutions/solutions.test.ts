// The solution designer over HTTP on both databases (docs/solutions.md): recommend, save within the
// limits of spec §5 with their codes, custom scenarios capped at 20 (186), read-only shares and links
// that expire, the PDF from the one kept browser, and a project of planned devices bound by serial number.
import { randomBytes } from 'node:crypto';
import { ErrorCode, LIMITS } from '@airloom/contracts';
import { registerDevices } from '@airloom/gateway/testing';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMISSIONING_DEMO } from '../../db/seed-commissioning.js';
import { seedDemo } from '../../db/seed.js';
import { commissioningFleet } from '../../runtime/demo-fleet.js';
import { backends, client, createTestEnv, signedUp, type TestEnv } from '../../test/test-env.js';
import { pdfText } from '../../test/pdf-text.js';
import type { PdfRenderer } from './pdf.js';

const HOTEL = { scenario: 'hotel', inputs: { rooms: 120, floors: 6 }, gateway: { clients: 0, lines: 2, bandwidthMbps: 300, functions: ['captivePortal', 'multiWan'] } };

describe.each(backends())('solution designer on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  async function saved(c: Awaited<ReturnType<typeof signedUp>>['c'], name = 'Seaview Hotel') {
    const rec = (await c.post('/api/v1/solutions/recommend', HOTEL)).body.data;
    const res = await c.post('/api/v1/solutions', { ...HOTEL, name, lines: rec.lines, advice: rec.advice, advantages: rec.advantages, type: 'wlan', policy: 'balanced' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  it('recommends a hotel with a reason on every line, for a session and for a read-only API key, storing nothing', async () => {
    const owner = await signedUp(env);
    const res = await owner.c.post('/api/v1/solutions/recommend', HOTEL);
    expect(res.body.code).toBe(0);
    const { lines, advice, advantages, summary } = res.body.data;
    expect(lines.map((l: { type: string }) => l.type)).toEqual(['gateway', 'accessSwitch', 'coreSwitch', 'ap']);
    for (const l of lines) expect(l.reason).toMatch(new RegExp(`^${l.quantity} `));
    expect(lines.find((l: { type: string }) => l.type === 'ap').reason).toMatch(/coverage-bound, 4,500 m² over 6 floors/);
    expect(summary).toMatchObject({ bound: 'coverage', clients: 360, floors: 6 });
    expect(advice.length).toBeGreaterThan(3);
    expect(advantages.length).toBeGreaterThan(2);
    const key = (await owner.c.post('/api/v1/account/api-keys', { name: 'quotes', access: 'r' })).body.data.secret;
    const byKey = await request(env.app).post('/api/v1/solutions/recommend').set('Authorization', `Bearer ${key}`).send(HOTEL);
    expect(byKey.body.data.lines).toEqual(lines);
    const ownerId = Number((await env.db('accounts').where({ account: owner.account }).first('id')).id);
    expect(Number((await env.db('solutions').where({ owner_account_id: ownerId }).count({ n: '*' }).first())?.n)).toBe(0);
    expect((await request(env.app).post('/api/v1/solutions/recommend').set('X-Airloom-Csrf', '1').send(HOTEL)).body.code).toBe(ErrorCode.TOKEN_MISSING);
  });

  it('refuses inputs out of range with 400 and the field, and a design past a §5 limit with its code', async () => {
    const { c } = await signedUp(env);
    const bad = await c.post('/api/v1/solutions/recommend', { ...HOTEL, inputs: { rooms: -1, installHeightM: 50 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: ErrorCode.INVALID_PARAMS, fields: { 'inputs.rooms': 'rules.solutionInputs.number', 'inputs.installHeightM': 'rules.solutionInputs.number' } });
    const huge = await c.post('/api/v1/solutions/recommend', { scenario: 'education', inputs: { classrooms: 2000 }, gateway: { clients: 0, lines: 1, bandwidthMbps: 100, functions: [] }, models: { ap: 'AL-AP620' } });
    expect(huge.body).toMatchObject({ code: ErrorCode.INVALID_PARAMS, fields: { lines: 'rules.solutionDevices.ap' } });
    const twice = await c.post('/api/v1/solutions/recommend', { ...HOTEL, models: { accessSwitch: 'AL-SW2052F', coreSwitch: 'AL-SW2052F' } });
    expect(twice.body).toMatchObject({ code: ErrorCode.DATA_EXISTS, fields: { lines: 'rules.solutionDevices.duplicateModel' } });
  });

  it('saves, lists, changes and deletes a solution; the lines keep §5 limits with their codes', async () => {
    const { c } = await signedUp(env);
    const s = await saved(c);
    expect(s).toMatchObject({ name: 'Seaview Hotel', scenario: 'hotel', type: 'wlan', policy: 'balanced', readOnly: false, sharedAccounts: [] });
    expect(s.lines.every((l: { remark: string; reason: string }) => l.remark === '' && l.reason.length > 10)).toBe(true);
    const list = (await c.get('/api/v1/solutions')).body.data;
    expect(list.items).toEqual([expect.objectContaining({ id: s.id, name: 'Seaview Hotel', devices: s.lines.reduce((n: number, l: { quantity: number }) => n + l.quantity, 0) })]);

    const body = { ...HOTEL, name: 'Seaview Hotel v2', advice: s.advice, advantages: s.advantages, type: 'wlan', policy: 'cost' };
    const edited = s.lines.map((l: { type: string; quantity: number }) => (l.type === 'ap' ? { ...l, quantity: 20, remark: 'two more for the terrace' } : l));
    env.clock.advance(60_000);
    const put = await c.put(`/api/v1/solutions/${s.id}`, { ...body, lines: edited });
    expect(put.body.data).toMatchObject({ name: 'Seaview Hotel v2', policy: 'cost' });
    expect(put.body.data.lines.find((l: { type: string }) => l.type === 'ap')).toMatchObject({ quantity: 20, remark: 'two more for the terrace' });
    expect(Date.parse(put.body.data.modifiedAt)).toBeGreaterThan(Date.parse(s.modifiedAt));

    const cases: [unknown[], number, string][] = [
      [[...edited, { type: 'gateway', model: 'AL-GW3000', quantity: 1 }], ErrorCode.ONE_GATEWAY_PER_PROJECT, 'rules.solutionDevices.gateway'],
      [[{ type: 'ac', model: 'AC-1', quantity: 2 }], ErrorCode.ONE_GATEWAY_PER_PROJECT, 'rules.solutionDevices.ac'],
      [[...edited, { type: 'ap', model: 'AL-AP620', quantity: 1 }], ErrorCode.DATA_EXISTS, 'rules.solutionDevices.duplicateModel'],
      [[{ type: 'accessSwitch', model: 'AL-SW1024P', quantity: 100 }], ErrorCode.INVALID_PARAMS, 'rules.solutionDevices.accessSwitch'],
      [[{ type: 'coreSwitch', model: 'AL-SW3028X', quantity: 100 }], ErrorCode.INVALID_PARAMS, 'rules.solutionDevices.coreSwitch'],
      [[{ type: 'ap', model: 'AL-AP620', quantity: 1000 }], ErrorCode.INVALID_PARAMS, 'rules.solutionDevices.ap'],
    ];
    for (const [lines, code, rule] of cases) {
      const res = await c.post('/api/v1/solutions', { ...body, lines });
      expect(res.body.code, rule).toBe(code);
      expect(Object.values(res.body.fields ?? {}), rule).toContain(rule);
    }
    expect((await c.get('/api/v1/solutions')).body.data.total).toBe(1);

    expect((await c.del(`/api/v1/solutions/${s.id}`)).body.code).toBe(0);
    expect((await c.get(`/api/v1/solutions/${s.id}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
  });

  it('keeps at most 20 custom scenarios per account (186); a custom scenario\'s walls change the design', async () => {
    const { c } = await signedUp(env);
    const open = { name: 'Warehouse', defaults: { floors: 1, areaM2: 4000, installHeightM: 8 }, wallLossDb: 2, wallSpacingM: 20, concurrency: 0.5 };
    const first = (await c.post('/api/v1/solutions/scenarios', open)).body.data;
    for (let i = 1; i < LIMITS.customScenariosMax; i += 1) expect((await c.post('/api/v1/solutions/scenarios', { ...open, name: `Scenario ${i}` })).status).toBe(201);
    const over = await c.post('/api/v1/solutions/scenarios', { ...open, name: 'One too many' });
    expect(over.body.code).toBe(ErrorCode.CUSTOM_SCENARIO_LIMIT);
    expect((await c.get('/api/v1/solutions/scenarios')).body.data.total).toBe(20);

    const gateway = { clients: 20, lines: 1, bandwidthMbps: 100, functions: [] };
    const warehouse = (await c.post('/api/v1/solutions/recommend', { scenario: 'custom', customScenarioId: first.id, inputs: {}, gateway })).body.data;
    await c.put(`/api/v1/solutions/scenarios/${first.id}`, { ...open, wallLossDb: 20, wallSpacingM: 5 });
    const walled = (await c.post('/api/v1/solutions/recommend', { scenario: 'custom', customScenarioId: first.id, inputs: {}, gateway })).body.data;
    expect(walled.summary.coverageRadiusM).toBeLessThan(warehouse.summary.coverageRadiusM);
    expect(walled.summary.apsForCoverage).toBeGreaterThan(warehouse.summary.apsForCoverage);

    const stranger = await signedUp(env);
    expect((await stranger.c.post('/api/v1/solutions/recommend', { scenario: 'custom', customScenarioId: first.id, inputs: {}, gateway })).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await c.del(`/api/v1/solutions/scenarios/${first.id}`)).body.code).toBe(0);
    expect((await c.post('/api/v1/solutions/scenarios', { ...open, name: 'Room again' })).status).toBe(201);
  });

  it('shares read-only with an account, and by a link that expires', async () => {
    const owner = await signedUp(env);
    const guest = await signedUp(env);
    const s = await saved(owner.c);
    expect((await owner.c.post(`/api/v1/solutions/${s.id}/shares`, { account: 'nobody-here@example.com' })).body.code).toBe(ErrorCode.ACCOUNT_NOT_FOUND);
    expect((await guest.c.get(`/api/v1/solutions/${s.id}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    const share = await owner.c.post(`/api/v1/solutions/${s.id}/shares`, { account: guest.account });
    expect(share.body.data).toMatchObject({ account: guest.account, token: null, status: 'active' });
    expect((await owner.c.post(`/api/v1/solutions/${s.id}/shares`, { account: guest.account })).body.code).toBe(ErrorCode.DATA_EXISTS);

    expect((await guest.c.get('/api/v1/solutions')).body.data.items).toEqual([expect.objectContaining({ id: s.id, readOnly: true, owner: owner.account })]);
    expect((await guest.c.get(`/api/v1/solutions/${s.id}`)).body.data).toMatchObject({ id: s.id, readOnly: true });
    expect((await guest.c.put(`/api/v1/solutions/${s.id}`, { ...HOTEL, name: 'Mine now', lines: s.lines, advice: [], advantages: [], type: 'wlan', policy: 'balanced' })).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    expect((await guest.c.del(`/api/v1/solutions/${s.id}`)).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    expect((await owner.c.get(`/api/v1/solutions/${s.id}`)).body.data.sharedAccounts).toEqual([guest.account]);

    const link = (await owner.c.post(`/api/v1/solutions/${s.id}/shares`, { link: true, hours: 2 })).body.data;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.path).toBe(`/api/v1/solution-links/${link.token}`);
    const read = await request(env.app).get(link.path);
    expect(read.body.data).toMatchObject({ id: s.id, name: 'Seaview Hotel', readOnly: true, sharedAccounts: [] });
    // the token is not kept: the list shows the link without it
    expect((await owner.c.get(`/api/v1/solutions/${s.id}/shares`)).body.data.items.find((i: { id: number }) => i.id === link.id)).toMatchObject({ token: null, status: 'active' });
    env.clock.advance(2 * 3_600_000 + 1000);
    expect((await request(env.app).get(link.path)).body.code).toBe(ErrorCode.INVITATION_CODE_EXPIRED);
    expect((await request(env.app).get(`${link.path}/pdf`)).body.code).toBe(ErrorCode.INVITATION_CODE_EXPIRED);
    expect((await owner.c.get(`/api/v1/solutions/${s.id}/shares`)).body.data.items.find((i: { id: number }) => i.id === link.id).status).toBe('expired');
    expect((await request(env.app).get(`/api/v1/solution-links/${'x'.repeat(32)}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);

    expect((await owner.c.del(`/api/v1/solutions/${s.id}/shares/${share.body.data.id}`)).body.code).toBe(0);
    expect((await guest.c.get(`/api/v1/solutions/${s.id}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
  });

  it('turns a solution into a project whose planned devices are bound by serial number as they are added', async () => {
    const owner = await signedUp(env);
    const s = await saved(owner.c, `Harbour Inn — 80 rooms ${randomBytes(2).toString('hex')}`);
    const made = await owner.c.post(`/api/v1/solutions/${s.id}/project`, {});
    // the project's name is the solution's cut to the project rule (18 characters)
    expect((await owner.c.get(`/api/v1/projects/${made.body.data.projectId}`)).body.data.projectName).toBe('Harbour Inn — 80 r');
    expect((await owner.c.post(`/api/v1/solutions/${s.id}/project`, { projectName: 'A name far too long for a project' })).body)
      .toMatchObject({ code: ErrorCode.INVALID_PARAMS, fields: { projectName: 'rules.projectName.length' } });
    expect(made.status).toBe(201);
    const { projectId, planned } = made.body.data;
    expect(planned).toBe(s.lines.reduce((n: number, l: { quantity: number }) => n + l.quantity, 0));
    expect((await owner.c.get(`/api/v1/projects/${projectId}`)).body.data).toMatchObject({ scenario: 'hotel', netMode: 0 });

    const before = (await owner.c.get(`/api/v1/projects/${projectId}/commissioning`)).body.data;
    expect(before.solutionId).toBe(s.id);
    const aps = s.lines.find((l: { type: string }) => l.type === 'ap');
    expect(before.items.find((i: { model: string }) => i.model === aps.model)).toEqual({ model: aps.model, type: 'ap', planned: aps.quantity, bound: 0, online: 0 });

    const ownerId = Number((await env.db('accounts').where({ account: owner.account }).first('id')).id);
    const sn = () => `SD${randomBytes(8).toString('hex').toUpperCase()}`;
    const [ap1, ap2, odd] = [sn(), sn(), sn()];
    await registerDevices(env.db, [
      { sn: ap1, type: 'ap', model: aps.model, mac: '00:1A:2B:00:20:01', secret: 'secret-of-the-device-1', projectId: null, ownerAccountId: ownerId },
      { sn: ap2, type: 'ap', model: aps.model, mac: '00:1A:2B:00:20:02', secret: 'secret-of-the-device-2', projectId: null, ownerAccountId: ownerId },
      { sn: odd, type: 'ap', model: 'AL-AP820', mac: '00:1A:2B:00:20:03', secret: 'secret-of-the-device-3', projectId: null, ownerAccountId: ownerId },
    ]);
    for (const d of [ap1, ap2, odd]) expect((await owner.c.post(`/api/v1/projects/${projectId}/devices`, { sn: d })).body.code).toBe(0);
    // one of them comes online (as the gateway records a device that connected)
    await env.db('devices').where({ sn: ap1 }).update({ status: 1 });

    const after = (await owner.c.get(`/api/v1/projects/${projectId}/commissioning`)).body.data;
    expect(after.items.find((i: { model: string }) => i.model === aps.model)).toMatchObject({ planned: aps.quantity, bound: 2, online: 1 });
    // a model that was not planned takes no place
    expect(after.items.some((i: { model: string }) => i.model === 'AL-AP820')).toBe(false);
    expect(after.totals).toMatchObject({ planned, bound: 2, online: 1 });
    expect((await env.db('project_planned_devices').where({ project_id: projectId }).whereNotNull('sn').pluck('sn')).sort()).toEqual([ap1, ap2].sort());

    // imported from a spreadsheet, the same way
    const ap3 = sn();
    await registerDevices(env.db, [{ sn: ap3, type: 'ap', model: aps.model, mac: '00:1A:2B:00:20:04', secret: 'secret-of-the-device-4', projectId: null, ownerAccountId: ownerId }]);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Devices');
    sheet.addRow(['SN', 'Name', 'Remark']);
    sheet.addRow([ap3, 'Room-301', 'ceiling']);
    const imported = await owner.c.agent.post(`/api/v1/projects/${projectId}/devices/import`).set('X-Airloom-Csrf', '1')
      .attach('file', Buffer.from(await book.xlsx.writeBuffer()), { filename: 'devices.xlsx' });
    expect(imported.body.data.imported, JSON.stringify(imported.body)).toBe(1);
    const later = (await owner.c.get(`/api/v1/projects/${projectId}/commissioning`)).body.data;
    expect(later.items.find((i: { model: string }) => i.model === aps.model)).toMatchObject({ bound: 3, online: 1 });
  });

  it('shows the live demo two saved solutions, the hotel shared with its installer, and changes nothing for it', async () => {
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    const list = (await demo.get('/api/v1/solutions')).body.data;
    expect(list.items.map((i: { name: string }) => i.name)).toEqual(['Seaview Hotel — 120 rooms, 6 floors', 'FreshMart Riverside supermarket']);
    expect(list.items[0]).toMatchObject({ scenario: 'hotel', sharedAccounts: ['installer@netcraft.example'], readOnly: false });
    const hotel = (await demo.get(`/api/v1/solutions/${list.items[0].id}`)).body.data;
    expect(hotel.lines.find((l: { type: string }) => l.type === 'ap')).toMatchObject({ model: 'AL-AP620', remark: expect.stringContaining('sixth room') });
    expect((await demo.del(`/api/v1/solutions/${list.items[0].id}`)).body.code).toBe(ErrorCode.DEMO_PROJECT);
    // seeding again adds nothing
    await seedDemo(env.db);
    expect((await demo.get('/api/v1/solutions')).body.data.total).toBe(2);
  });

  it('shows the live demo a project made from a solution halfway through commissioning: 17 planned, 10 bound, 7 online', async () => {
    const demo = client(env.app);
    expect((await demo.post('/api/v1/auth/demo')).body.code).toBe(0);
    const id = COMMISSIONING_DEMO.projectId;
    expect((await demo.get('/api/v1/projects')).body.data.items.find((p: { id: number }) => p.id === id)).toMatchObject({ projectName: 'Harbour Inn', right: 'r' });
    // before the fleet registered its devices, every place is still free
    const empty = (await demo.get(`/api/v1/projects/${id}/commissioning`)).body.data;
    expect(empty.totals).toEqual({ planned: 17, bound: 0, online: 0 });
    // the demo fleet's installed devices, as it registers them at start; the powered ones connected
    const fleet = commissioningFleet();
    await registerDevices(env.db, fleet.map(({ spec }, i) => ({ sn: spec.sn, type: spec.type, model: spec.model, mac: spec.mac, secret: `secret-of-the-demo-device-${i}`, projectId: id })));
    await env.db('devices').whereIn('sn', fleet.filter((f) => f.online).map((f) => f.spec.sn)).update({ status: 1 });
    const checklist = (await demo.get(`/api/v1/projects/${id}/commissioning`)).body.data;
    expect(checklist.items).toEqual([
      { model: 'AL-GW1200', type: 'router', planned: 1, bound: 1, online: 1 },
      { model: 'AL-SW1024P', type: 'switch', planned: 1, bound: 1, online: 1 },
      { model: 'AL-SW1008P', type: 'switch', planned: 3, bound: 2, online: 1 },
      { model: 'AL-AP620', type: 'ap', planned: 12, bound: 6, online: 4 },
    ]);
    expect(checklist.totals).toEqual({ planned: 17, bound: 10, online: 7 });
    // the live demo looks; adding a device is refused
    expect((await demo.post(`/api/v1/projects/${id}/devices`, { sn: 'HARBOUR000000001' })).body.code).not.toBe(0);
    // seeding again adds nothing
    await seedDemo(env.db);
    expect(Number((await env.db('project_planned_devices').where({ project_id: id }).count({ n: '*' }).first())?.n)).toBe(17);
  });

  it('exports the PDF from one kept browser: the bill of materials as text, fonts embedded; a dead browser is started again', async () => {
    const { c } = await signedUp(env);
    const s = await saved(c, 'Seaview Hotel PDF');
    const pdfOf = () => c.get(`/api/v1/solutions/${s.id}/pdf`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (b: Buffer) => chunks.push(b));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    const res = await pdfOf();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/FontFile2');
    const text = pdfText(pdf).join('');
    for (const l of s.lines) {
      expect(text).toContain(l.model);
      expect(text).toContain(`${l.quantity} ×`);
    }
    expect(text).toContain('Bill of materials');
    expect(text).toContain('coverage-bound');
    expect(text).toContain('Seaview Hotel PDF');

    const renderer = env.app.locals.solutionsPdf as PdfRenderer;
    const pid = await renderer.pid();
    expect(pid).toBeTypeOf('number');
    await pdfOf();
    expect(renderer.launches()).toBe(1);
    process.kill(pid!, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    const again = await pdfOf();
    expect((again.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(renderer.launches()).toBe(2);
    // a link's PDF, without a session
    const link = (await c.post(`/api/v1/solutions/${s.id}/shares`, { link: true, hours: 1 })).body.data;
    const byLink = await request(env.app).get(`${link.path}/pdf`).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (b: Buffer) => chunks.push(b));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(pdfText(byLink.body as Buffer).join('')).toContain('Seaview Hotel PDF');
    // a stranger gets nothing
    const stranger = await signedUp(env);
    expect((await stranger.c.get(`/api/v1/solutions/${s.id}/pdf`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
  }, 60_000);
});
