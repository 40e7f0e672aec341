import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  alarmCountsSince,
  alarmsAfter,
  appendLogEvents,
  findRetention,
  lastAlarmId,
  listRunLog,
  markAlarmsRead,
  pruneRunLog,
  runLogChunk,
  RUN_LOG_TABLE,
  saveRetention,
  unreadAlarmCounts,
  type NewLogEvent,
} from './run-log.js';
import { createTestDb, testBackends } from './test-db.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 20, 8, 0, 0);
const dev = { sn: 'ALLOG0000000001', mac: '00:1A:2B:00:60:01', model: 'AL-AP1', deviceName: 'Lobby' };

describe.each(testBackends())('run log store on %s', (backend) => {
  let db: Knex;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await createTestDb(backend));
  });
  afterAll(async () => {
    await close?.();
  });
  beforeEach(async () => {
    await db(RUN_LOG_TABLE).delete();
    await db('run_log_settings').delete();
  });

  const ev = (over: Partial<NewLogEvent>): NewLogEvent => ({ projectId: 1, ...dev, t: T0, event: 'device.online', ...over });

  it('writes a batch with type, level and alarm from the event catalogue, and tells per project what it wrote', async () => {
    const written = await appendLogEvents(db, [
      ev({ event: 'device.offline', t: T0 + 1 }),
      ev({ event: 'port.down', params: { port: 3 }, t: T0 + 2 }),
      ev({ event: 'client.join', params: { client: 'aa:bb', ssid: 'Guest' }, t: T0 + 3 }),
      ev({ projectId: 2, event: 'cpu.high', params: { cpu: 97 } }),
    ]);
    expect(written.sort((a, b) => a.projectId - b.projectId)).toEqual([
      { projectId: 1, entries: 3, alarms: 1 },
      { projectId: 2, entries: 1, alarms: 1 },
    ]);
    const { items, total } = await listRunLog(db, 1, {}, { page: 1, pageSize: 10 });
    expect(total).toBe(3);
    expect(items.map((i) => [i.event, i.type, i.level, i.alarmType, i.read])).toEqual([
      ['client.join', 'wireless', 'info', null, 0],
      ['port.down', 'wired', 'warning', null, 0],
      ['device.offline', 'system', 'critical', 'device-offline', 0],
    ]);
    expect(items[1]).toMatchObject({ sn: dev.sn, mac: dev.mac, model: 'AL-AP1', deviceName: 'Lobby', params: { port: 3 }, t: T0 + 2 });
  });

  it('refuses an event key the catalogue does not know', async () => {
    await expect(appendLogEvents(db, [ev({ event: 'nonsense' as never })])).rejects.toThrow(/unknown event/);
  });

  it('filters by type, time range, device, alarms and read flag, and pages', async () => {
    const many: NewLogEvent[] = [];
    for (let i = 0; i < 250; i++) many.push(ev({ t: T0 + i * 1000, event: i % 2 ? 'port.up' : 'device.offline', params: { port: 1 }, sn: i < 10 ? 'OTHER00000001' : dev.sn }));
    await appendLogEvents(db, many);
    expect((await listRunLog(db, 1, { type: 'wired' }, { page: 1, pageSize: 5 })).total).toBe(125);
    expect((await listRunLog(db, 1, { type: 'all', from: T0 + 100_000, to: T0 + 110_000 }, { page: 1, pageSize: 50 })).total).toBe(10);
    expect((await listRunLog(db, 1, { sn: 'OTHER00000001' }, { page: 1, pageSize: 50 })).total).toBe(10);
    const alarms = await listRunLog(db, 1, { alarms: true, read: 0 }, { page: 3, pageSize: 50 });
    expect(alarms.total).toBe(125);
    expect(alarms.items).toHaveLength(25);
    expect(alarms.items[0]!.t).toBe(T0 + 48_000);
  });

  it('marks single, several or all alarms read, only of its own project, and counts unread ones', async () => {
    await appendLogEvents(db, [ev({ event: 'device.offline' }), ev({ event: 'cpu.high', params: { cpu: 95 } }), ev({ event: 'upgrade.failed', params: { error: 'x' } }), ev({ event: 'device.online' }), ev({ projectId: 2, event: 'device.offline' })]);
    const ids = (await listRunLog(db, 1, { alarms: true }, { page: 1, pageSize: 10 })).items.map((i) => i.id);
    const other = (await listRunLog(db, 2, { alarms: true }, { page: 1, pageSize: 10 })).items.map((i) => i.id);
    expect(await markAlarmsRead(db, 1, [ids[0]!, ...other])).toBe(1);
    expect(await unreadAlarmCounts(db, [1, 2, 3])).toEqual(new Map([[1, 2], [2, 1]]));
    expect(await markAlarmsRead(db, 1, 'all')).toBe(2);
    expect(await unreadAlarmCounts(db, [1, 2])).toEqual(new Map([[2, 1]]));
    expect(await alarmCountsSince(db, [1, 2], T0)).toEqual(new Map([[1, 3], [2, 1]]));
  });

  it('hands alarms after an id oldest first, across projects, for the dispatcher', async () => {
    await appendLogEvents(db, [ev({ event: 'device.offline', t: T0 }), ev({ event: 'device.online' }), ev({ projectId: 2, event: 'poe.overBudget', params: { used: 130, budget: 120 } }), ev({ event: 'config.failed', params: { section: 'vlan', error: 'x' } })]);
    const first = await alarmsAfter(db, 0, 2);
    expect(first.map((a) => a.alarmType)).toEqual(['device-offline', 'poe-over-budget']);
    const rest = await alarmsAfter(db, first[1]!.id, 10);
    expect(rest.map((a) => [a.projectId, a.alarmType])).toEqual([[1, 'config-failed']]);
    expect(await lastAlarmId(db)).toBe(rest[0]!.id);
  });

  it('walks the whole result in keyset chunks, newest first', async () => {
    await appendLogEvents(db, Array.from({ length: 23 }, (_, i) => ev({ event: 'device.offline', t: T0 + i })));
    const seen: number[] = [];
    let before: number | null = null;
    for (;;) {
      const chunk = await runLogChunk(db, 1, { alarms: true }, before, 10);
      if (chunk.length === 0) break;
      seen.push(...chunk.map((c) => c.t - T0));
      before = chunk[chunk.length - 1]!.id;
    }
    expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => 22 - i));
  });

  it('keeps each project its chosen retention, 30 days by default', async () => {
    expect((await findRetention(db, 1)).days).toBe(30);
    await saveRetention(db, 1, 7, T0, 'owner@example.com');
    await saveRetention(db, 1, 7, T0, 'owner@example.com');
    expect(await findRetention(db, 1)).toEqual({ days: 7, updatedAt: T0, updatedBy: 'owner@example.com' });
    const now = T0 + 200 * DAY;
    await appendLogEvents(db, [
      ev({ projectId: 1, t: now - 6 * DAY }),
      ev({ projectId: 1, t: now - 8 * DAY }),
      ev({ projectId: 2, t: now - 29 * DAY }),
      ev({ projectId: 2, t: now - 31 * DAY }),
    ]);
    expect(await pruneRunLog(db, now)).toBe(2);
    expect(await pruneRunLog(db, now)).toBe(0);
    const left = (await db(RUN_LOG_TABLE).orderBy('project_id').select('project_id', 't')).map((r: { project_id: number; t: number }) => [Number(r.project_id), (now - Number(r.t)) / DAY]);
    expect(left).toEqual([[1, 6], [2, 29]]);
  });
});
