import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTelemetryWriter, statusEventClients } from '../telemetry.js';
import { addToBlacklist, clientType, listClients, markClientOffline, OFFLINE_CLIENT_KEEP_MS, pruneClients, syncClients, type ClientChange, type ReportedClient } from './clients.js';
import { bindDevice } from './devices.js';
import { registerDevices } from './registration.js';
import { createTestDb, testBackends } from './test-db.js';

const T0 = Date.UTC(2026, 10, 20, 8, 0, 0);
const AP1 = 'ALCLIENTAP000001';
const AP2 = 'ALCLIENTAP000002';
const PROJECT = 4242;

const wifi = (mac: string, name: string, signal = -60, apInstance = 1): ReportedClient => ({
  mac, connection: 'wireless', apInstance, name, ip: '192.168.1.100', ssid: 'Airloom-Office', band: '5GHz', signal,
  txBytes: 1000, rxBytes: 200, txRate: 390_000, rxRate: 195_000,
});

describe('client type from the host name (spec §3 client types)', () => {
  it.each([
    ['Room-214-iPhone', 'phone'],
    ['Lobby-Galaxy-S24', 'phone'],
    ['Front-desk-PC', 'pc'],
    ['Staff-MacBook-Air', 'laptop'],
    ['Office-Printer-HP', 'printer'],
    ['Room-301-SmartTV', 'web-tv'],
    ['Kitchen-Fridge', 'fridge'],
    ['Room-110-AC-Unit', 'air-conditioner'],
    ['Yealink-T46', 'ip-phone'],
    ['Synology-NAS', 'server'],
    ['Hikvision-Camera', 'camera'],
    ['', null],
    ['Lobby-PS5', null],
  ])('%s → %s', (name, type) => {
    expect(clientType(name)).toBe(type);
  });
});

describe('clients in a status event (TR-181 AssociatedDevice and Hosts)', () => {
  it('names wireless clients by their Hosts entry, takes SSID and band from the AP, and lists cabled hosts as wired', () => {
    const clients = statusEventClients({
      'Device.WiFi.Radio.2.OperatingFrequencyBand': '5GHz',
      'Device.WiFi.SSID.3.SSID': 'Airloom-Office',
      'Device.WiFi.SSID.3.LowerLayers': 'Device.WiFi.Radio.2.',
      'Device.WiFi.AccessPoint.3.SSIDReference': 'Device.WiFi.SSID.3.',
      'Device.WiFi.AccessPoint.3.AssociatedDevice.7.MACAddress': 'aa:bb:cc:00:00:01',
      'Device.WiFi.AccessPoint.3.AssociatedDevice.7.SignalStrength': '-57',
      'Device.WiFi.AccessPoint.3.AssociatedDevice.7.Stats.BytesSent': '123456',
      'Device.WiFi.AccessPoint.3.AssociatedDevice.7.Stats.BytesReceived': '7890',
      'Device.WiFi.AccessPoint.3.AssociatedDevice.7.LastDataDownlinkRate': '585000',
      'Device.WiFi.AccessPoint.3.AssociatedDevice.7.LastDataUplinkRate': '292500',
      'Device.Hosts.Host.7.PhysAddress': 'AA:BB:CC:00:00:01',
      'Device.Hosts.Host.7.HostName': 'Room-214-iPhone',
      'Device.Hosts.Host.7.IPAddress': '192.168.1.120',
      'Device.Hosts.Host.7.Layer1Interface': 'Device.WiFi.SSID.3.',
      'Device.Hosts.Host.8.PhysAddress': 'AA:BB:CC:00:00:02',
      'Device.Hosts.Host.8.HostName': 'Front-desk-PC',
      'Device.Hosts.Host.8.IPAddress': '192.168.1.121',
      'Device.Hosts.Host.8.Layer1Interface': 'Device.Ethernet.Interface.2.',
    });
    expect(clients).toEqual([
      { mac: 'AA:BB:CC:00:00:01', connection: 'wireless', apInstance: 3, name: 'Room-214-iPhone', ip: '192.168.1.120', ssid: 'Airloom-Office', band: '5GHz', signal: -57, txBytes: 123456, rxBytes: 7890, txRate: 585000, rxRate: 292500 },
      { mac: 'AA:BB:CC:00:00:02', connection: 'wired', apInstance: null, name: 'Front-desk-PC', ip: '192.168.1.121', ssid: null, band: null, signal: null, txBytes: null, rxBytes: null, txRate: null, rxRate: null },
    ]);
  });
});

describe.each(testBackends())('the client table on %s', (backend) => {
  let db: Knex;
  let close: () => Promise<void>;
  let now = T0;
  const changes: ClientChange[][] = [];
  const published: unknown[] = [];
  let writer: ReturnType<typeof createTelemetryWriter>;

  beforeAll(async () => {
    ({ db, close } = await createTestDb(backend));
    await registerDevices(db, [
      { sn: AP1, type: 'ap', model: 'AL-AP620', mac: '00:1A:2B:00:60:01', secret: 'a-device-secret-0001' },
      { sn: AP2, type: 'ap', model: 'AL-AP620', mac: '00:1A:2B:00:60:02', secret: 'a-device-secret-0002' },
    ]);
    await bindDevice(db, AP1, PROJECT);
    await bindDevice(db, AP2, PROJECT);
    await db('devices').whereIn('sn', [AP1, AP2]).update({ status: 1 });
    writer = createTelemetryWriter({
      db, gatewayId: 'gw-test', flushEveryMs: 1000, now: () => now,
      events: { device: () => undefined, clients: (...args: unknown[]) => published.push(args) } as never,
      logger: { error: () => undefined, warn: () => undefined } as never,
      clientsChanged: (c) => void changes.push([...c]),
    });
  });
  afterAll(async () => {
    await close?.();
  });

  it('lists what the APs report, calls the join hook once per device and tells the browsers', async () => {
    writer.report(AP1, {}, undefined, [wifi('AA:00:00:00:00:01', 'Room-214-iPhone'), wifi('AA:00:00:00:00:02', 'Front-desk-PC')]);
    await writer.flush();
    const list = await listClients(db, PROJECT, 'all', now);
    expect(list.map((c) => [c.mac, c.online, c.type, c.sn])).toEqual([
      ['AA:00:00:00:00:01', true, 'phone', AP1],
      ['AA:00:00:00:00:02', true, 'pc', AP1],
    ]);
    expect(list[0]!.onlineSince).toBe(new Date(T0).toISOString());
    expect(changes.at(-1)).toEqual([{ projectId: PROJECT, sn: AP1, joined: [expect.objectContaining({ mac: 'AA:00:00:00:00:01' }), expect.objectContaining({ mac: 'AA:00:00:00:00:02' })], left: [] }]);
    expect(published.at(-1)).toEqual([PROJECT, AP1, 2, 0]);
  });

  it('marks a client the AP stops listing offline since that report, and keeps one that roamed to another AP online', async () => {
    now = T0 + 30_000;
    // 01 moved to AP2 in the same flush; 02 left
    writer.report(AP1, {}, undefined, []);
    writer.report(AP2, {}, undefined, [wifi('AA:00:00:00:00:01', 'Room-214-iPhone', -50)]);
    await writer.flush();
    const list = await listClients(db, PROJECT, 'all', now);
    const roamed = list.find((c) => c.mac === 'AA:00:00:00:00:01')!;
    expect(roamed).toMatchObject({ online: true, sn: AP2, signal: -50, onlineSince: new Date(T0).toISOString() });
    const gone = list.find((c) => c.mac === 'AA:00:00:00:00:02')!;
    expect(gone).toMatchObject({ online: false, offlineSince: new Date(T0 + 30_000).toISOString() });
    expect(changes.at(-1)).toEqual([{ projectId: PROJECT, sn: AP1, joined: [], left: [{ mac: 'AA:00:00:00:00:02', connection: 'wireless' }] }]);
  });

  it('shows the clients of an offline AP as offline, and wireless only on request', async () => {
    writer.report(AP1, {}, undefined, [{ ...wifi('AA:00:00:00:00:03', 'Printer'), connection: 'wired', apInstance: null, ssid: null, band: null, signal: null }]);
    await writer.flush();
    // online first; the wired printer is not a wireless client
    expect((await listClients(db, PROJECT, 'wireless', now)).map((c) => c.mac)).toEqual(['AA:00:00:00:00:01', 'AA:00:00:00:00:02']);
    await db('devices').where({ sn: AP2 }).update({ status: 0, last_seen_at: now });
    const offline = (await listClients(db, PROJECT, 'all', now)).find((c) => c.mac === 'AA:00:00:00:00:01')!;
    expect(offline.online).toBe(false);
    expect(offline.offlineSince).toBe(new Date(now).toISOString());
    await db('devices').where({ sn: AP2 }).update({ status: 1 });
  });

  it('says a cabled host that the device stops listing left as wired (the run log logs only Wi-Fi clients)', async () => {
    now = T0 + 35_000;
    writer.report(AP1, {}, undefined, []);
    await writer.flush();
    expect(changes.at(-1)).toEqual([{ projectId: PROJECT, sn: AP1, joined: [], left: [{ mac: 'AA:00:00:00:00:03', connection: 'wired' }] }]);
    expect((await listClients(db, PROJECT, 'all', now)).find((c) => c.mac === 'AA:00:00:00:00:03')).toMatchObject({ online: false, offlineSince: new Date(T0 + 35_000).toISOString() });
  });

  it('does not bring back a client forced offline after the report listing it was sent (it was in flight)', async () => {
    const t = T0 + 40_000;
    await syncClients(db, new Map([[AP1, [wifi('AA:00:00:00:00:09', 'Lobby-iPad')]]]), t);
    expect(await markClientOffline(db, PROJECT, 'AA:00:00:00:00:09', t + 2_000)).toBe(true);
    // the AP's report from before the disconnect arrives after it
    const changes = await syncClients(db, new Map([[AP1, [wifi('AA:00:00:00:00:09', 'Lobby-iPad')]]]), t + 3_000, new Map([[AP1, t + 1_000]]));
    expect(changes.flatMap((c) => c.joined)).toEqual([]);
    expect((await listClients(db, PROJECT, 'all', t + 3_000)).find((c) => c.mac === 'AA:00:00:00:00:09')?.online).toBe(false);
    // a later report (it re-associated) does
    await syncClients(db, new Map([[AP1, [wifi('AA:00:00:00:00:09', 'Lobby-iPad')]]]), t + 30_000, new Map([[AP1, t + 30_000]]));
    expect((await listClients(db, PROJECT, 'all', t + 30_000)).find((c) => c.mac === 'AA:00:00:00:00:09')?.online).toBe(true);
    await db('clients').where({ mac: 'AA:00:00:00:00:09' }).delete();
  });

  it('writes the details of the clients a device had at most as often as asked, and a join or leave at once', async () => {
    const t = T0 + 50_000;
    const a = wifi('AA:00:00:00:00:21', 'Room-1-iPhone', -60);
    const b = wifi('AA:00:00:00:00:22', 'Room-2-iPhone', -61);
    const clientOf = async (mac: string) => (await listClients(db, PROJECT, 'all', t)).find((c) => c.mac === mac);
    const signalOf = async (mac: string) => (await clientOf(mac))?.signal;
    let writtenAt = -Infinity;
    const sync = async (at: number, list: ReportedClient[]) => {
      const written = new Set<string>();
      const changes = await syncClients(db, new Map([[AP2, list]]), at, new Map(), { fresh: () => at - writtenAt < 45_000, written });
      if (written.has(AP2)) writtenAt = at;
      return changes;
    };
    await sync(t, [a]);
    expect(await signalOf(a.mac)).toBe(-60);
    // 30 s later, the same client with a new signal: not written yet (the list shows the last one)
    expect(await sync(t + 30_000, [{ ...a, signal: -70 }])).toEqual([]);
    expect(await signalOf(a.mac)).toBe(-60);
    // another client joins: it is listed at once with its details; the first one's wait for their period
    const joined = await sync(t + 35_000, [{ ...a, signal: -71 }, b]);
    expect(joined.flatMap((c) => c.joined.map((j) => j.mac))).toEqual([b.mac]);
    expect(await signalOf(b.mac)).toBe(-61);
    expect(await signalOf(a.mac)).toBe(-60);
    // and one leaves: at once
    const left = await sync(t + 40_000, [b]);
    expect(left.flatMap((c) => c.left.map((l) => l.mac))).toEqual([a.mac]);
    // the same list past the period: its details are written again
    await sync(t + 90_000, [{ ...b, signal: -50 }]);
    expect(await signalOf(b.mac)).toBe(-50);
    // listed otherwise past the period (another name and address from DHCP): its whole row, the type from the new name
    await sync(t + 140_000, [{ ...b, name: 'Office-LaserJet', ip: '192.168.1.177', signal: -52 }]);
    expect(await clientOf(b.mac)).toMatchObject({ name: 'Office-LaserJet', ip: '192.168.1.177', type: 'printer', signal: -52, online: true, onlineSince: new Date(t + 35_000).toISOString() });
    await db('clients').whereIn('mac', [a.mac, b.mac]).delete();
  });

  it('forgets offline clients after the keep period', async () => {
    const later = T0 + 30_000 + OFFLINE_CLIENT_KEEP_MS + 1;
    expect((await listClients(db, PROJECT, 'all', later)).some((c) => c.mac === 'AA:00:00:00:00:02')).toBe(false);
    expect(await pruneClients(db, later)).toBe(1);
  });

  it('keeps at most the given number on the blacklist and refuses a MAC that is on it', async () => {
    const add = (mac: string) => addToBlacklist(db, { projectId: PROJECT, mac, note: '', accountId: null, now, max: 2 });
    expect(await add('BB:00:00:00:00:01')).toMatchObject({ entry: { mac: 'BB:00:00:00:00:01' } });
    expect(await add('BB:00:00:00:00:01')).toBe('exists');
    expect(await add('BB:00:00:00:00:02')).toMatchObject({ macs: ['BB:00:00:00:00:01', 'BB:00:00:00:00:02'] });
    expect(await add('BB:00:00:00:00:03')).toBe('full');
  });

  it('marks the clients several APs stop listing in one flush offline, and no other', async () => {
    now += 30_000;
    writer.report(AP1, {}, undefined, [wifi('AA:00:00:00:00:11', 'Guest-11'), wifi('AA:00:00:00:00:12', 'Guest-12')]);
    writer.report(AP2, {}, undefined, [wifi('AA:00:00:00:00:01', 'Room-214-iPhone', -50), wifi('AA:00:00:00:00:21', 'Guest-21')]);
    await writer.flush();
    now += 30_000;
    writer.report(AP1, {}, undefined, [wifi('AA:00:00:00:00:12', 'Guest-12')]);
    writer.report(AP2, {}, undefined, [wifi('AA:00:00:00:00:01', 'Room-214-iPhone', -50)]);
    await writer.flush();
    const online = (await listClients(db, PROJECT, 'all', now)).filter((c) => c.online).map((c) => [c.mac, c.sn]);
    expect(online.sort()).toEqual([['AA:00:00:00:00:01', AP2], ['AA:00:00:00:00:12', AP1]]);
    expect(changes.at(-1)).toEqual([
      { projectId: PROJECT, sn: AP1, joined: [], left: [{ mac: 'AA:00:00:00:00:11', connection: 'wireless' }] },
      { projectId: PROJECT, sn: AP2, joined: [], left: [{ mac: 'AA:00:00:00:00:21', connection: 'wireless' }] },
    ]);
  });
});
