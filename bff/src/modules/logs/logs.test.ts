// The run log and alarm endpoints on a real database: filters, paging, mark read, retention, the
// export read back (xlsx with exceljs, CSV as text) and its 50,000-row cap. Who may call each is the
// authorization matrix's (src/http/authorization-matrix.test.ts).
import { randomBytes } from 'node:crypto';
import { ErrorCode, LIMITS } from '@airloom/contracts';
import { appendLogEvents, type NewLogEvent } from '@airloom/gateway/public';
import { registerDevices } from '@airloom/gateway/testing';
import ExcelJS from 'exceljs';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestEnv, signedUp, type TestEnv } from '../../test/test-env.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(backends())('run log and alarms API on %s', (backend) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv(backend);
  });
  afterAll(async () => {
    await env?.close();
  });

  async function projectWithDevice() {
    const owner = await signedUp(env);
    const id = (await owner.c.post('/api/v1/projects', { projectName: `Log ${randomBytes(3).toString('hex')}`, scenario: 'hotel' })).body.data.id as number;
    const sn = `LG${randomBytes(7).toString('hex').toUpperCase()}`;
    const mac = `00:1A:2B:${randomBytes(3).toString('hex').match(/../g)!.join(':').toUpperCase()}`;
    await registerDevices(env.db, [{ sn, type: 'ap', model: 'AL-AP1', mac, secret: 'secret-of-the-device-1', projectId: id }]);
    const ev = (over: Partial<NewLogEvent>): NewLogEvent => ({ projectId: id, sn, mac, model: 'AL-AP1', deviceName: 'Lobby AP', t: Date.now(), event: 'device.online', ...over });
    return { owner, id, sn, mac, ev };
  }

  const binary = (r: request.Response, done: (err: Error | null, body: Buffer) => void) => {
    const parts: Buffer[] = [];
    (r as unknown as NodeJS.ReadableStream).on('data', (c: Buffer) => parts.push(c));
    r.on('end', () => done(null, Buffer.concat(parts)));
  };

  it('lists the log newest first with its English text, filtered by type, time range and device, paged', async () => {
    const { owner, id, sn, ev } = await projectWithDevice();
    const now = Date.now();
    await appendLogEvents(env.db, [
      ev({ t: now - 3 * HOUR, event: 'device.offline' }),
      ev({ t: now - 2 * HOUR, event: 'port.down', params: { port: 'eth2' } }),
      ev({ t: now - HOUR, event: 'client.join', params: { client: 'AA:BB:CC:00:11:22', ssid: 'Guest' } }),
    ]);
    const all = await owner.c.get(`/api/v1/projects/${id}/logs`);
    expect(all.body.code).toBe(0);
    expect(all.body.data).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(all.body.data.items.map((i: { text: string }) => i.text)).toEqual(['Client AA:BB:CC:00:11:22 joined Guest', 'eth2: link down', 'Device went offline']);
    expect(all.body.data.items[2]).toMatchObject({ sn, type: 'system', event: 'device.offline', alarmType: 'device-offline', read: 0, deviceName: 'Lobby AP', model: 'AL-AP1', time: new Date(now - 3 * HOUR).toISOString() });

    const wired = await owner.c.get(`/api/v1/projects/${id}/logs?type=wired`);
    expect(wired.body.data.items.map((i: { event: string }) => i.event)).toEqual(['port.down']);
    const range = await owner.c.get(`/api/v1/projects/${id}/logs?from=${now - 2.5 * HOUR}&to=${new Date(now - 0.5 * HOUR).toISOString()}`);
    expect(range.body.data.total).toBe(2);
    const paged = await owner.c.get(`/api/v1/projects/${id}/logs?page=2&pageSize=2`);
    expect(paged.body.data.items.map((i: { event: string }) => i.event)).toEqual(['device.offline']);
    expect((await owner.c.get(`/api/v1/projects/${id}/logs?sn=${sn}`)).body.data.total).toBe(3);
  });

  it('refuses bad filters with the parameter code and a device of another project as not found', async () => {
    const { owner, id } = await projectWithDevice();
    const other = await projectWithDevice();
    for (const query of ['type=cabled', 'from=yesterday', 'from=2000&to=1000', 'pageSize=500', 'page=0']) {
      const res = await owner.c.get(`/api/v1/projects/${id}/logs?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe(ErrorCode.INVALID_PARAMS);
    }
    for (const query of ['read=2', 'range=month']) expect((await owner.c.get(`/api/v1/projects/${id}/alarms?${query}`)).body.code).toBe(ErrorCode.INVALID_PARAMS);
    expect((await owner.c.get(`/api/v1/projects/${id}/alarms/export?format=pdf`)).body.code).toBe(ErrorCode.INVALID_PARAMS);
    expect((await owner.c.get(`/api/v1/projects/${id}/logs?sn=${other.sn}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    expect((await owner.c.get(`/api/v1/projects/${id}/alarms/export?sn=${other.sn}`)).body.code).toBe(ErrorCode.DATA_NOT_FOUND);
    for (const body of [{}, { ids: [] }, { ids: [1], all: true }, { ids: ['x'] }, { all: false }]) {
      expect((await owner.c.post(`/api/v1/projects/${id}/alarms/read`, body)).body.code).toBe(ErrorCode.INVALID_PARAMS);
    }
    expect((await owner.c.put(`/api/v1/projects/${id}/logs/retention`, { days: 60 })).body.code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('lists alarms only, read or unread, of the last week; marks one, then all read; other projects untouched', async () => {
    const { owner, id, ev } = await projectWithDevice();
    const other = await projectWithDevice();
    const now = Date.now();
    await appendLogEvents(env.db, [
      ev({ t: now - 10 * DAY, event: 'poe.overBudget', params: { used: 130, budget: 120 } }),
      ev({ t: now - 2 * DAY, event: 'cpu.high', params: { cpu: 97 } }),
      ev({ t: now - DAY, event: 'device.offline' }),
      ev({ t: now - HOUR, event: 'device.online' }),
      other.ev({ event: 'device.offline' }),
    ]);
    const alarms = await owner.c.get(`/api/v1/projects/${id}/alarms`);
    expect(alarms.body.data).toMatchObject({ total: 3, unread: 3 });
    const week = await owner.c.get(`/api/v1/projects/${id}/alarms?range=week`);
    expect(week.body.data.items.map((i: { alarmType: string }) => i.alarmType)).toEqual(['device-offline', 'high-cpu']);

    const first = week.body.data.items[0].id as number;
    const foreign = (await other.owner.c.get(`/api/v1/projects/${other.id}/alarms`)).body.data.items[0].id as number;
    const one = await owner.c.post(`/api/v1/projects/${id}/alarms/read`, { ids: [first, foreign] });
    expect(one.body.data).toEqual({ updated: 1, unread: 2 });
    expect((await owner.c.get(`/api/v1/projects/${id}/alarms?read=1`)).body.data.items.map((i: { id: number }) => i.id)).toEqual([first]);
    expect((await owner.c.get(`/api/v1/projects/${id}/alarms?read=0`)).body.data.total).toBe(2);
    expect((await owner.c.post(`/api/v1/projects/${id}/alarms/read`, { all: true })).body.data).toEqual({ updated: 2, unread: 0 });
    expect((await other.owner.c.get(`/api/v1/projects/${other.id}/alarms?read=0`)).body.data.total).toBe(1);
  });

  it('keeps the run log 30 days until the project chooses 7, 30, 90 or 180, and says who chose', async () => {
    const { owner, id, ev } = await projectWithDevice();
    expect((await owner.c.get(`/api/v1/projects/${id}/logs/retention`)).body.data).toEqual({ days: 30, isDefault: true, updatedAt: null, updatedBy: null });
    const set = await owner.c.put(`/api/v1/projects/${id}/logs/retention`, { days: 7 });
    expect(set.body.data).toMatchObject({ days: 7, isDefault: false, updatedBy: owner.account });
    expect((await owner.c.get(`/api/v1/projects/${id}/logs/retention`)).body.data.days).toBe(7);
    // the gateway's job deletes by it
    const { pruneRunLog } = await import('@airloom/gateway/public');
    await appendLogEvents(env.db, [ev({ t: Date.now() - 8 * DAY }), ev({ t: Date.now() - 6 * DAY })]);
    await pruneRunLog(env.db, Date.now());
    expect((await owner.c.get(`/api/v1/projects/${id}/logs`)).body.data.total).toBe(1);
  });

  it('exports the filtered alarms as a spreadsheet exceljs reads back, newest first', async () => {
    const { owner, id, sn, mac, ev } = await projectWithDevice();
    const now = Date.now();
    await appendLogEvents(env.db, [
      ev({ t: now - 2 * HOUR, event: 'device.offline', deviceName: '=HYPERLINK("x")' }),
      ev({ t: now - HOUR, event: 'config.failed', params: { section: 'vlan', error: 'refused' } }),
      ev({ t: now - HOUR, event: 'device.online' }),
    ]);
    const res = await owner.c.get(`/api/v1/projects/${id}/alarms/export?format=xlsx`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`alarms-${id}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as ArrayBuffer);
    const values = book.getWorksheet('Alarms')!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(values[0]).toEqual(['Time (UTC)', 'Event', 'Alarm type', 'Level', 'Read', 'Device name', 'MAC', 'Model', 'SN']);
    expect(values.slice(1).map((r) => [r[1], r[2], r[5], r[6], r[8]])).toEqual([
      ['Configuration "vlan" failed: refused', 'config-failed', 'Lobby AP', mac, sn],
      ['Device went offline', 'device-offline', '=HYPERLINK("x")', mac, sn],
    ]);
    // CSV: the formula-looking name is defused
    const csv = await owner.c.get(`/api/v1/projects/${id}/alarms/export?format=csv`).buffer(true).parse(binary);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = (csv.body as Buffer).toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('exports at most 50,000 alarms (spec §9), the newest', async () => {
    const { owner, id, ev } = await projectWithDevice();
    const t0 = Date.now() - DAY;
    const many: NewLogEvent[] = Array.from({ length: LIMITS.alarmDownloadLogsMax + 5 }, (_, i) => ev({ t: t0 + i, event: 'device.offline' }));
    await appendLogEvents(env.db, many);
    const csv = await owner.c.get(`/api/v1/projects/${id}/alarms/export?format=csv`).buffer(true).parse(binary);
    const lines = (csv.body as Buffer).toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(LIMITS.alarmDownloadLogsMax + 1);
    expect(lines[1]).toContain(new Date(t0 + LIMITS.alarmDownloadLogsMax + 4).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ''));
  }, 120_000);
});
