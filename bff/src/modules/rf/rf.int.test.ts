// RF optimisation end to end through the real parts: the HTTP API starts a run; the runner asks the
// gateway runtime for neighbour scans over MQTT (the embedded broker, or Mosquitto with CI=true) of
// simulated APs standing on the demo hotel's true site, plans channels and power, writes each AP's
// radio section through the configuration engine, waits until the agents hold it, scans again and
// stores the record. Meanwhile configuration changes and a second run are refused (27). The site has a
// café's Wi-Fi next door, loud on 2.4 GHz channel 1: the plan keeps the hotel off it, and the record
// counts it. Scheduled and automatic runs fire from the schedule pass of a runner whose clock is ahead.
import { randomBytes } from 'node:crypto';
import { DeviceStatus, ErrorCode, LIMITS } from '@airloom/contracts';
import { createFleet, DEMO_HOTEL_SITE, demoFleet, type DeviceSpec, type Fleet, type RfSite } from '@airloom/device-sim';
import { createBus, createGatewayRuntime, startEmbeddedBroker, type Bus, type EmbeddedBroker, type GatewayRuntime } from '@airloom/gateway/public';
import { createRfStore } from '@airloom/gateway/public';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { createLogger } from '../../logger.js';
import { backends, createTestEnv, signedUp, pairedWithBrokers, type Client, type TestEnv } from '../../test/test-env.js';
import { createEventHub, type EventHub } from '../events/events.hub.js';
import { rfRunnerOn, type RfRunner } from './rf.runner.js';

const TIME_SCALE = 0.01;
const cases = pairedWithBrokers(backends());

async function until(check: () => boolean | Promise<boolean>, ms = 30_000, assert = true): Promise<void> {
  const started = Date.now();
  while (!(await check()) && Date.now() - started < ms) await new Promise((r) => setTimeout(r, 50));
  if (assert) expect(await check()).toBe(true);
}

/** a café's router next door, heard loud by every AP on 2.4 GHz channel 1 (and nothing else foreign) */
const CAFE = { bssid: 'A4:2B:B0:77:00:01', ssid: 'Cafe next door', band: '2.4GHz', channel: 1, rssiDbm: -40 } as const;
const SITE: RfSite = { ...DEMO_HOTEL_SITE, id: 'rf-int-hotel', foreign: [CAFE] };

/** four of the demo hotel's APs on its true walls, with serial numbers, MACs and secrets of their own */
function hotelAps(): DeviceSpec[] {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  return demoFleet(LIMITS.demoProjectIdWlan)
    .filter((s) => s.type === 'ap')
    .slice(0, 4)
    .map((s, i) => ({ ...s, rf: { ...s.rf!, site: SITE }, sn: `ALRFOP${tag}${String(i).padStart(4, '0')}`, mac: `02:52:${tag.slice(0, 2)}:${tag.slice(2, 4)}:${tag.slice(4, 6)}:${String(i).padStart(2, '0')}`, links: [], secret: randomBytes(16).toString('hex') }));
}

describe.each(cases)('RF optimisation on %s with %s', (backend, brokerKind) => {
  let env: TestEnv;
  let broker: EmbeddedBroker | undefined;
  let bus: Bus;
  let hub: EventHub;
  let runtime: GatewayRuntime;
  let fleet: Fleet;
  let runner: RfRunner;
  let owner: Client;
  let projectId: number;
  const specs = hotelAps();
  const sns = specs.map((s) => s.sn);
  const logger = createLogger({ level: 'silent' });
  const api = (path: string) => `/api/v1/projects/${projectId}${path}`;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    const service = { username: 'airloom-service', password: randomBytes(12).toString('hex') };
    let brokerUrl: string;
    if (brokerKind === 'aedes') {
      broker = await startEmbeddedBroker({ db: env.db, host: '127.0.0.1', port: 0, service, logger });
      brokerUrl = broker.url;
    } else {
      brokerUrl = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
    }
    const protocolVersion = brokerKind === 'aedes' ? 4 : 5;
    const creds = brokerKind === 'aedes' ? { username: service.username, password: service.password } : {};
    bus = createBus({ mqttUrl: brokerUrl, protocolVersion, clientId: `rf-bff-${randomBytes(3).toString('hex')}`, logger, ...creds });
    await bus.ready();
    runtime = createGatewayRuntime({ db: env.db, logger, mqttUrl: brokerUrl, protocolVersion, bus, timeScale: TIME_SCALE, shareGroup: `test-${randomBytes(3).toString('hex')}`, mqttUsername: creds.username, mqttPassword: creds.password });
    await runtime.start();
    hub = createEventHub(bus, logger);
    // a run lasts at least 3 s here (2 minutes × TIME_SCALE would be 1.2 s: long enough to be refused during, kept readable)
    runner = rfRunnerOn(env.db, bus, { logger, timings: { minDurationMs: 3_000, maxDurationMs: 120_000, pollMs: 50, leaseMs: 60_000 } });
    env.app = createApp({ db: env.db, config: env.config, bus, eventHub: hub, logger, rfRunner: runner });
    owner = (await signedUp(env)).c;
    projectId = (await owner.post('/api/v1/projects', { projectName: 'RF Hotel', scenario: 'hotel' })).body.data.id as number;
    const ownerId = Number((await env.db('projects').where({ id: projectId }).first('owner_account_id')).owner_account_id);
    await registerDevices(env.db, specs.map((s) => ({ sn: s.sn, type: s.type, model: s.model, mac: s.mac, secret: s.secret!, projectId, ownerAccountId: ownerId })));
    fleet = createFleet(specs, { brokerUrl, protocolVersion, timeScale: TIME_SCALE });
    await fleet.start();
    await until(async () => {
      const rows = (await env.db('devices').whereIn('sn', sns).select('status')) as { status: number }[];
      return rows.length === sns.length && rows.every((r) => Number(r.status) === DeviceStatus.ONLINE) && fleet.agents.every((a) => a.subscriptions.some((s) => s.notifType === 'OperationComplete'));
    });
    // and each has reported its radios (with their noise floor) once: an AP that has not yet reported has none to record
    await until(async () => {
      const rows = (await env.db('devices').whereIn('sn', sns).select('reported_json')) as { reported_json: string | null }[];
      return rows.every((r) => ((JSON.parse(r.reported_json ?? '{}') as { radios?: { noise?: number }[] }).radios ?? []).filter((x) => typeof x.noise === 'number').length === 2);
    });
  });
  afterAll(async () => {
    await runner?.stop();
    await fleet?.stop();
    hub?.close();
    await runtime?.stop();
    await bus?.close();
    await broker?.close();
    await env?.close();
  });

  it('refuses fewer than two devices (spec §5) and a MESH project (92), storing nothing', async () => {
    const one = await owner.post(api('/rf/optimisations'), { mode: 'manual', sns: [sns[0]] });
    expect([one.status, one.body.code]).toEqual([400, ErrorCode.INVALID_PARAMS]);
    const mesh = (await owner.post('/api/v1/projects', { projectName: 'RF Home', scenario: 'hotel', netMode: 1 })).body.data.id as number;
    expect((await owner.post(`/api/v1/projects/${mesh}/rf/optimisations`, { mode: 'manual' })).body.code).toBe(ErrorCode.MESH_WLAN_CONFLICT);
    expect(await env.db('rf_optimisations').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('runs: scans, plans, applies, scans again; meanwhile configuration and a second run are refused with 27', async () => {
    const started = await owner.post(api('/rf/optimisations'), { mode: 'manual', sns });
    expect(started.body.code, JSON.stringify(started.body)).toBe(0);
    const id = started.body.data.id as number;

    const during = (await owner.get(api(`/rf/optimisations/${id}`))).body.data;
    expect(during.state).toBe('optimising');
    expect((await owner.post(api('/rf/optimisations'), { mode: 'manual', sns })).body.code).toBe(ErrorCode.PROJECT_RF_OPTIMISING);
    const rename = await owner.put(api(`/devices/${sns[0]}/config/name`), { name: 'Lobby-AP' });
    expect(rename.body.code).toBe(ErrorCode.PROJECT_RF_OPTIMISING);
    expect((await owner.get(api('/rf/optimisations'))).body.data.running.id).toBe(id);

    const percents = new Set<number>();
    await until(async () => {
      const run = (await owner.get(api(`/rf/optimisations/${id}`))).body.data;
      percents.add(run.percent);
      return run.state !== 'optimising';
    }, 130_000, false);
    const done = (await owner.get(api(`/rf/optimisations/${id}`))).body.data;
    expect(done, JSON.stringify(done)).toMatchObject({ state: 'completed', percent: 100 });
    // the percentage rose through the steps
    expect([...percents].some((p) => p > 0 && p < 100)).toBe(true);

    // each AP was scanned twice: before and after
    const scans = (await env.db('operations').where({ project_id: projectId, kind: 'neighbourScan' }).select('sn', 'state')) as { sn: string; state: string }[];
    for (const sn of sns) expect(scans.filter((s) => s.sn === sn && s.state === 'done')).toHaveLength(2);

    const records = (await owner.get(api('/rf/records'))).body.data.items;
    expect(records).toHaveLength(1);
    type RecordRadio = { sn: string; band: string; channel: number; txPowerDbm: number; noiseBeforeDbm: number | null; noiseDbm: number | null; before: { total: number }; after: { coChannel: number; nearChannel: number; total: number }; rssiDbm: number | null };
    const radios = records[0].radios as RecordRadio[];
    expect(radios).toHaveLength(sns.length * 2);
    for (const r of radios) {
      // the agents hold what the record says
      const agent = fleet.agents.find((a) => a.spec.sn === r.sn)!;
      const radio = agent.onAir.radios.find((x) => x.band === r.band)!;
      expect([radio.channel, r.band === '2.4GHz' ? [1, 6, 11].includes(r.channel) : true]).toEqual([r.channel, true]);
      expect(r.txPowerDbm).toBeGreaterThanOrEqual(8);
      expect(r.txPowerDbm).toBeLessThanOrEqual(29);
      // the after-counts come from the second scan: the other APs and the foreign networks heard on the new channels
      const heard = (await env.db('neighbour_measurements').where({ observer_sn: r.sn, band: r.band }).select('channel')) as { channel: number }[];
      const foreign = (await env.db('foreign_measurements').where({ observer_sn: r.sn, band: r.band }).select('bssid', 'channel', 'rssi_dbm')) as { bssid: string; channel: number; rssi_dbm: number }[];
      expect(r.after.total).toBe(heard.length + foreign.length);
      expect(r.after.coChannel).toBe([...heard, ...foreign].filter((h) => Number(h.channel) === r.channel).length);
      expect(r.after.total).toBeGreaterThan(0);
      // the café is kept from the scan, heard on its channel at its strength
      expect(foreign.map((f) => [f.bssid, Number(f.channel), Number(f.rssi_dbm)])).toEqual(r.band === '2.4GHz' ? [[CAFE.bssid, 1, -40]] : []);
      // each radio's noise floor as the AP reported it with each scan (TR-181 Radio.{i}.Stats.Noise)
      for (const noise of [r.noiseBeforeDbm, r.noiseDbm]) {
        expect(Number.isInteger(noise), JSON.stringify(r)).toBe(true);
        expect(noise!).toBeLessThan(-70);
        expect(noise!).toBeGreaterThan(-110);
      }
    }
    // the café is loud on channel 1: no 2.4 GHz radio of the hotel is planned onto it, and on 6/11 the
    // four APs pair up (at most two pairs share a channel, each counted from both ends)
    const radios24 = radios.filter((r) => r.band === '2.4GHz');
    expect(radios24.map((r) => r.channel).filter((c) => c === 1)).toEqual([]);
    expect(radios24.reduce((n, r) => n + r.after.coChannel, 0)).toBeLessThanOrEqual(4);
    // the before-counts hold the café too: it was heard in the first scan as well
    for (const r of radios24) expect(r.before.total).toBeGreaterThanOrEqual(1);

    // the run is over: configuration changes pass again
    expect((await owner.put(api(`/devices/${sns[0]}/config/name`), { name: 'Lobby-AP' })).body.code).toBe(0);
  }, 200_000);

  it('schedules a run once at a time, lists it as waiting, and cancels it', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const made = await owner.post(api('/rf/optimisations'), { mode: 'scheduled', sns, at });
    expect(made.body.code).toBe(0);
    const overview = (await owner.get(api('/rf/optimisations'))).body.data;
    expect(overview.running).toBeNull();
    expect(overview.upcoming).toMatchObject([{ id: made.body.data.id, mode: 'scheduled', state: 'idle', dueAt: at }]);
    expect((await owner.post(api('/rf/optimisations'), { mode: 'scheduled', sns, at: new Date(Date.now() - 1000).toISOString() })).body.code).toBe(ErrorCode.INVALID_PARAMS);
    expect((await owner.del(api(`/rf/optimisations/${made.body.data.id}`))).body.code).toBe(0);
    expect((await owner.get(api('/rf/optimisations'))).body.data.upcoming).toEqual([]);
  });

  /** a runner like a second console instance whose clock is `aheadMs` ahead (so the run is due), its schedule passing every 100 ms */
  async function runScheduledAhead(aheadMs: number, id: number): Promise<Record<string, unknown>> {
    const later = rfRunnerOn(env.db, bus, { logger, clock: () => Date.now() + aheadMs, timings: { minDurationMs: 3_000, maxDurationMs: 120_000, pollMs: 50, leaseMs: 60_000 } });
    try {
      // not due yet on the real clock: the console's own runner starts nothing
      expect(await runner.runDue()).toBe(0);
      later.startSchedule(100);
      await until(async () => (await owner.get(api(`/rf/optimisations/${id}`))).body.data.state !== 'idle', 10_000);
      await until(async () => !['idle', 'optimising'].includes((await owner.get(api(`/rf/optimisations/${id}`))).body.data.state), 130_000, false);
    } finally {
      await later.stop();
    }
    return (await owner.get(api(`/rf/optimisations/${id}`))).body.data as Record<string, unknown>;
  }

  it('fires a scheduled run once its time has come: the schedule pass claims it, it completes and leaves a record', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const made = await owner.post(api('/rf/optimisations'), { mode: 'scheduled', sns, at });
    expect(made.body.code).toBe(0);
    const before = (await owner.get(api('/rf/records'))).body.data.items.length as number;
    const done = await runScheduledAhead(3_600_000 + 1_000, made.body.data.id);
    expect(done, JSON.stringify(done)).toMatchObject({ state: 'completed', percent: 100, mode: 'scheduled' });
    expect(Date.parse(done.startedAt as string)).toBeGreaterThanOrEqual(Date.parse(at));
    const records = (await owner.get(api('/rf/records'))).body.data.items as { id: number; mode: string }[];
    expect(records).toHaveLength(before + 1);
    expect(records[0]).toMatchObject({ id: made.body.data.id, mode: 'scheduled' });
    // once: nothing waits after it
    expect((await owner.get(api('/rf/optimisations'))).body.data.upcoming).toEqual([]);
  }, 200_000);

  it('fires an automatic run at its time and plans the next one a period later', async () => {
    const at = new Date(Date.now() + 7_200_000).toISOString();
    const made = await owner.post(api('/rf/optimisations'), { mode: 'auto', sns, at, repeatHours: 24 });
    expect(made.body.code, JSON.stringify(made.body)).toBe(0);
    const done = await runScheduledAhead(7_200_000 + 1_000, made.body.data.id);
    expect(done, JSON.stringify(done)).toMatchObject({ state: 'completed', mode: 'auto' });
    const upcoming = (await owner.get(api('/rf/optimisations'))).body.data.upcoming as { id: number; mode: string; state: string; dueAt: string; repeatHours: number; sns: string[] }[];
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]).toMatchObject({ mode: 'auto', state: 'idle', repeatHours: 24, dueAt: new Date(Date.parse(at) + 24 * 3_600_000).toISOString() });
    expect(upcoming[0]!.id).not.toBe(made.body.data.id);
    expect([...upcoming[0]!.sns].sort()).toEqual([...sns].sort());
    expect((await owner.del(api(`/rf/optimisations/${upcoming[0]!.id}`))).body.code).toBe(0);
  }, 200_000);

  it(`answers the ${LIMITS.rfOptimisationRecordsShown} most recent records, newest first (spec §9)`, async () => {
    const store = createRfStore(env.db);
    const t0 = Date.now() + 10 * 3_600_000;
    const ids: number[] = [];
    for (let i = 0; i < LIMITS.rfOptimisationRecordsShown + 3; i++) {
      ids.push(await store.insertRecord({ projectId, mode: 'manual', sns, record: { radios: [] }, startedAt: t0 + i * 60_000, finishedAt: t0 + i * 60_000 + 30_000 }));
    }
    const items = (await owner.get(api('/rf/records'))).body.data.items as { id: number; finishedAt: string }[];
    expect(items).toHaveLength(LIMITS.rfOptimisationRecordsShown);
    expect(items.map((r) => r.id)).toEqual(ids.slice(-LIMITS.rfOptimisationRecordsShown).reverse());
  });
});
