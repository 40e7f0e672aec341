import { writeName } from './config.js';
import { ErrorCode, type ProjectEvent } from '@airloom/contracts';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySecret } from '../broker/credentials.js';
import {
  bindDevice,
  enqueueOperation,
  findDevice,
  listProjectDevices,
  listUnverified,
  loadDeviceDetail,
  loadDeviceItem,
  projectDeviceSummary,
  unbindDevice,
  unbindProjectDevices,
} from './devices.js';
import { publishDeviceEvent, publishOperationEvent } from './events.js';
import { EMPTY_REPORTED, toReportedJson } from './mapping.js';
import { registerDevices, type DeviceRegistration } from './registration.js';
import { createTestDb, testBackends } from './test-db.js';

const SECRET = 'a-device-secret-0001';
let serial = 0;
function spec(overrides: Partial<DeviceRegistration> = {}): DeviceRegistration {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  return { sn: `ALTEST00000${n}X`.slice(0, 16), type: 'ap', model: 'AL-AP1', mac: `00:1A:2B:00:${n.slice(0, 2)}:${n.slice(2)}`, secret: SECRET, ...overrides };
}

describe.each(testBackends())('device store on %s', (backend) => {
  let db: Knex;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await createTestDb(backend));
  });
  afterAll(async () => {
    await close?.();
  });

  /** What the gateway runtime would write when it hears from a device. */
  const report = (sn: string, values: Record<string, unknown>) => db('devices').where({ sn }).update({ last_seen_at: Date.now(), ...values });

  it('registers devices with hashed secrets and endpoint IDs; registering again keeps the binding', async () => {
    const d = spec({ projectId: 101, mac: '00:1A:2B:3C:4D:5E' });
    const first = await registerDevices(db, [d]);
    expect(first).toEqual({
      created: 1,
      updated: 0,
      devices: [{ sn: d.sn, endpointId: `os::001A2B-${d.sn}`, publishTopic: `usp/c/os::001A2B-${d.sn}`, subscribeTopic: `usp/a/os::001A2B-${d.sn}/#` }],
    });
    const row = (await findDevice(db, d.sn))!;
    expect(row.secret_hash).not.toContain(SECRET);
    expect(await verifySecret(SECRET, row.secret_hash)).toBe(true);
    expect(row.project_id).toBe(101);

    const again = await registerDevices(db, [{ ...d, secret: 'another-secret-00002', projectId: 202 }]);
    expect(again).toMatchObject({ created: 0, updated: 1 });
    const after = (await findDevice(db, d.sn))!;
    expect(after.project_id).toBe(101);
    expect(await verifySecret('another-secret-00002', after.secret_hash)).toBe(true);
    expect(await verifySecret(SECRET, after.secret_hash)).toBe(false);
  });

  it('lists a project with filters and a summary that counts only online clients', async () => {
    const project = 300;
    const ap = spec({ projectId: project, type: 'ap' });
    const sw = spec({ projectId: project, type: 'switch', model: 'AL-SW24' });
    const off = spec({ projectId: project, type: 'ap' });
    const elsewhere = spec({ projectId: 301 });
    await registerDevices(db, [ap, sw, off, elsewhere]);
    await report(ap.sn, { status: 1, name: 'Lobby_AP 50%', ip: '192.168.1.20', clients: 4 });
    await report(sw.sn, { status: 7, name: 'Core switch', ip: '192.168.1.2', clients: 10 });
    await report(off.sn, { status: 0, name: 'Garden', ip: '192.168.1.30', clients: 5 });

    const all = await listProjectDevices(db, project);
    expect(all.total).toBe(3);
    expect(all.items.map((i) => i.sn).sort()).toEqual([ap.sn, sw.sn, off.sn].sort());
    expect(all.items.find((i) => i.sn === ap.sn)).toMatchObject({ name: 'Lobby_AP 50%', type: 'ap', status: 1, ip: '192.168.1.20', clients: 4, pendingConfig: false, operation: null, managementMode: 'cloud' });

    const sns = async (q: Parameters<typeof listProjectDevices>[2]) => (await listProjectDevices(db, project, q)).items.map((i) => i.sn).sort();
    expect(await sns({ type: 'switch' })).toEqual([sw.sn]);
    expect(await sns({ state: 'online' })).toEqual([ap.sn, sw.sn].sort());
    expect(await sns({ state: 'offline' })).toEqual([off.sn]);
    expect(await sns({ search: 'lobby' })).toEqual([ap.sn]);
    expect(await sns({ search: '1.2' })).toEqual([ap.sn, sw.sn].sort()); // 192.168.1.20 and 192.168.1.2
    expect(await sns({ search: sw.mac.toLowerCase() })).toEqual([sw.sn]);
    // % and _ are literal
    expect(await sns({ search: '_ap 50%' })).toEqual([ap.sn]);
    expect(await sns({ search: '%' })).toEqual([ap.sn]);

    expect(await projectDeviceSummary(db, project)).toEqual({
      byType: [
        { type: 'ap', online: 1, offline: 1, restarting: 0 },
        { type: 'switch', online: 1, offline: 0, restarting: 0 },
      ],
      online: 2,
      offline: 1,
      restarting: 0,
      clients: 14,
      alarms: 0,
    });
  });

  it('records a rename as intent: the new name shows at once, pending until the device confirms', async () => {
    const d = spec({ projectId: 400 });
    await registerDevices(db, [d]);
    await report(d.sn, { status: 1, name: 'Old' });
    await writeName(db, d.sn, 'New name');
    await writeName(db, d.sn, 'Newer name');
    const item = (await loadDeviceItem(db, d.sn))!;
    expect(item).toMatchObject({ name: 'Newer name', pendingConfig: true });
    const row = (await findDevice(db, d.sn))!;
    expect(row).toMatchObject({ desired_name: 'Newer name', config_version: 2, applied_version: 0, name: 'Old' });
    // the gateway confirms version 2
    await db('devices').where({ sn: d.sn }).update({ name: 'Newer name', applied_version: 2 });
    expect(await loadDeviceItem(db, d.sn)).toMatchObject({ name: 'Newer name', pendingConfig: false });
  });

  it('queues one unfinished operation per kind and shows it on the device', async () => {
    const d = spec({ projectId: 500 });
    await registerDevices(db, [d]);
    const reboot = await enqueueOperation(db, { projectId: 500, sn: d.sn, kind: 'reboot', accountId: 9 });
    expect(reboot).toMatchObject({ projectId: 500, sn: d.sn, kind: 'reboot', state: 'queued', error: null });
    expect(await enqueueOperation(db, { projectId: 500, sn: d.sn, kind: 'reboot', accountId: 9 })).toBeNull();
    const [a, b] = await Promise.all([
      enqueueOperation(db, { projectId: 500, sn: d.sn, kind: 'locate', accountId: 9 }),
      enqueueOperation(db, { projectId: 500, sn: d.sn, kind: 'locate', accountId: 9 }),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    const row = await db('operations').where({ id: reboot!.id }).first();
    // five typical durations of spec §9's one-minute reboot, not a day
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(5 * 60_000);

    expect((await loadDeviceItem(db, d.sn))!.operation).toMatchObject({ kind: 'locate', state: 'queued' });
    // the list shows the same one: the newest unfinished operation of the device in this project
    const listed = async () => (await listProjectDevices(db, 500)).items.find((i) => i.sn === d.sn)!.operation;
    expect(await listed()).toMatchObject({ kind: 'locate', state: 'queued' });
    await db('operations').where({ sn: d.sn, kind: 'locate' }).update({ state: 'done' });
    expect(await listed()).toMatchObject({ kind: 'reboot', state: 'queued' });
    await db('operations').where({ sn: d.sn }).update({ state: 'done' });
    expect((await loadDeviceItem(db, d.sn))!.operation).toBeNull();
    expect(await listed()).toBeNull();
    expect(await enqueueOperation(db, { projectId: 500, sn: d.sn, kind: 'reboot', accountId: 9 })).toMatchObject({ state: 'queued' });
  });

  it('shows details from reported JSON, tolerating bad parts, with history since binding', async () => {
    const d = spec({ projectId: 600 });
    await registerDevices(db, [d]);
    const boundAt = Number((await findDevice(db, d.sn))!.bound_at);
    await report(d.sn, {
      status: 1,
      reported_json: JSON.stringify({
        ...JSON.parse(toReportedJson({ ...EMPTY_REPORTED, radios: [{ band: '5GHz', channel: 36, power: 20, noise: -92 }], ssids: ['Guest'], bytesSent: 10, bytesReceived: 20 })),
        ports: 'broken',
      }),
    });
    const log = (to: number, at: number, reason: string) => db('device_status_log').insert({ sn: d.sn, project_id: 600, from_status: 0, to_status: to, reason, at });
    await log(1, boundAt - 1000, 'connect'); // before it was in this project
    for (let i = 0; i < 25; i++) await log(i % 2, boundAt + i, i % 2 ? 'connect' : 'last-will');

    const detail = (await loadDeviceDetail(db, 600, d.sn))!;
    expect(detail).toMatchObject({ sn: d.sn, radios: [{ band: '5GHz', channel: 36 }], ssids: ['Guest'], ports: [], bytesSent: 10, bytesReceived: 20, endpointId: `os::001A2B-${d.sn}` });
    expect(detail.history).toHaveLength(20);
    expect(detail.history[0]).toEqual({ status: 0, at: new Date(boundAt + 24).toISOString(), reason: 'last-will' });
    expect(await loadDeviceDetail(db, 601, d.sn)).toBeNull();
  });

  it('binds an unbound device once, unbinds one or all of a project, failing its work not yet running', async () => {
    const a = spec();
    const b = spec();
    await registerDevices(db, [a, b]);
    expect(await bindDevice(db, a.sn, 700)).toBe(true);
    await writeName(db, a.sn, 'Hall');
    expect(await bindDevice(db, a.sn, 701)).toBe(false);
    expect(await bindDevice(db, b.sn, 700)).toBe(true);
    expect(await loadDeviceItem(db, a.sn)).toMatchObject({ name: 'Hall', pendingConfig: true });

    const op = (await enqueueOperation(db, { projectId: 700, sn: a.sn, kind: 'reboot', accountId: 1 }))!;
    expect(await unbindDevice(db, 701, a.sn)).toBe(false);
    expect(await unbindDevice(db, 700, a.sn)).toBe(true);
    expect((await findDevice(db, a.sn))!.project_id).toBeNull();
    expect(await db('operations').where({ id: op.id }).first()).toMatchObject({ state: 'failed', error_code: ErrorCode.DEVICE_DELETED });

    // a sent operation fails too, and a former project's operation never shows on the device
    const sent = (await enqueueOperation(db, { projectId: 700, sn: b.sn, kind: 'locate', accountId: 1 }))!;
    await db('operations').where({ id: sent.id }).update({ state: 'sent' });
    expect(await unbindProjectDevices(db, 700)).toEqual([b.sn]);
    expect(await listProjectDevices(db, 700)).toEqual({ items: [], total: 0 });
    expect(await db('operations').where({ id: sent.id }).first()).toMatchObject({ state: 'failed', error_code: ErrorCode.DEVICE_DELETED });
    await db('operations').where({ id: sent.id }).update({ state: 'sent' }); // as if a gateway still held it
    expect(await bindDevice(db, b.sn, 702)).toBe(true);
    expect((await loadDeviceItem(db, b.sn))!.operation).toBeNull();
  });

  it('lists the unverified devices of an owner: connected and in no project', async () => {
    const mine = spec({ ownerAccountId: 77 });
    const neverSeen = spec({ ownerAccountId: 77 });
    const bound = spec({ ownerAccountId: 77, projectId: 800 });
    const others = spec({ ownerAccountId: 78 });
    await registerDevices(db, [mine, neverSeen, bound, others]);
    for (const d of [mine, bound, others]) await report(d.sn, { ip: '10.0.0.9' });
    const list = await listUnverified(db, 77);
    expect(list).toEqual([{ sn: mine.sn, type: 'ap', model: 'AL-AP1', mac: mine.mac, ip: '10.0.0.9', lastSeenAt: expect.any(String) }]);
  });

  it("raises a device's and an operation's revision with every write, the device's also when its operation moves", async () => {
    const d = spec();
    await registerDevices(db, [d]);
    const revisions: number[] = [(await loadDeviceItem(db, d.sn))!.revision];
    const step = async () => revisions.push((await loadDeviceItem(db, d.sn))!.revision);
    await bindDevice(db, d.sn, 950);
    await step();
    await writeName(db, d.sn, 'Hall');
    await step();
    await writeName(db, d.sn, 'Lobby');
    await step();
    const op = (await enqueueOperation(db, { projectId: 950, sn: d.sn, kind: 'locate', accountId: 1 }))!;
    await step();
    expect(op.revision).toBe(1);
    await unbindDevice(db, 950, d.sn); // fails the queued operation
    await step();
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(new Set(revisions).size).toBe(revisions.length);
    const failed = (await db('operations').where({ id: op.id }).first()) as { revision: number; state: string };
    expect({ state: failed.state, revision: Number(failed.revision) }).toEqual({ state: 'failed', revision: 2 });
  });

  it('publishes device and operation events to the project the device is in', async () => {
    const d = spec({ projectId: 900 });
    const loose = spec();
    await registerDevices(db, [d, loose]);
    const published: [number, ProjectEvent][] = [];
    const bus = { publishEvent: async (projectId: number, event: ProjectEvent) => void published.push([projectId, event]) };
    const op = (await enqueueOperation(db, { projectId: 900, sn: d.sn, kind: 'locate', accountId: null }))!;
    await publishDeviceEvent(db, bus, d.sn);
    await publishDeviceEvent(db, bus, loose.sn);
    await publishOperationEvent(db, bus, op.id);
    expect(published).toEqual([
      [900, { type: 'device', device: expect.objectContaining({ sn: d.sn, operation: expect.objectContaining({ id: op.id }) }) }],
      [900, { type: 'operation', operation: op }],
    ]);
  });
});
