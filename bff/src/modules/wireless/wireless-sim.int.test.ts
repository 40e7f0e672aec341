// What a confirmed wireless change does to the devices, through the real parts (HTTP API, gateway runtime,
// MQTT — embedded aedes, or Mosquitto with CI=true — and simulated devices):
// - the clients of a Wi-Fi that is hidden or removed really leave: the online-clients list shows them gone;
//   a Wi-Fi within its shutdown period is Down in the APs' trees and nobody is on it;
// - in a MESH project, renaming the main Wi-Fi re-networks the mesh: the confirmation says so, the
//   simulated secondaries drop off (status offline) and join again (online) with the new name, while the
//   primary stays online.
import { randomBytes } from 'node:crypto';
import { DeviceStatus, ErrorCode } from '@airloom/contracts';
import { createFleet, generateFleet, type DeviceSpec, type Fleet } from '@airloom/device-sim';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveGateway, type LiveGateway } from '../../test/live-gateway.js';
import { backends, createTestEnv, signedUp, pairedWithBrokers, type Client, type TestEnv } from '../../test/test-env.js';

const TIME_SCALE = 0.02;
const cases = pairedWithBrokers(backends());

/** Waits for `check`; a failure names what it waited for. */
async function until(check: () => boolean | Promise<boolean>, what = 'the condition', ms = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await check()) && Date.now() - started < ms) await new Promise((r) => setTimeout(r, 50));
  expect(await check(), `waited ${ms} ms for ${what}`).toBe(true);
}

const policy = (name: string, ssid: string, over: Record<string, unknown> = {}) => ({
  name, ssid, ssid5: `${ssid}-5G`, band: 'dual', securityMode: 2, cipher: 'aes', password: 'correct-horse', keyUpdateCycle: 0,
  vlanId: null, maxClients: 32, hidden: false, schedule: null, guest: false, rateLimit: null, radius: null, applyTo: 'all', sns: [] as string[], ...over,
});

interface ListedClient { mac: string; ssid: string | null; online: boolean; sn: string }

describe.each(cases)('wireless changes in the simulated devices on %s with %s', (backend, brokerKind) => {
  let env: TestEnv;
  let live: LiveGateway;
  let owner: Client;
  const fleets: Fleet[] = [];
  let ownerId: number;

  beforeAll(async () => {
    env = await createTestEnv(backend);
    live = await startLiveGateway(env, brokerKind, TIME_SCALE, { clock: env.clock.now });
    env.app = live.app;
    owner = (await signedUp(env)).c;
  });
  afterAll(async () => {
    for (const f of fleets) await f.stop();
    await live?.stop();
    await env?.close();
  });

  const projectNames = new Set<string>();
  /**
   * A project with its devices registered and online, simulated by one fleet. `agentTimeScale`: the
   * devices' own doings (a mesh secondary's re-network) at another scale than their reports. A name
   * used already (a test run again in CI) gets a number.
   */
  async function site(name: string, netMode: 0 | 1, mix: Record<string, number>, agentTimeScale = TIME_SCALE): Promise<{ projectId: number; specs: DeviceSpec[]; fleet: Fleet }> {
    const projectName = projectNames.has(name) ? `${name} ${projectNames.size + 1}` : name;
    projectNames.add(projectName);
    const projectId = (await owner.post('/api/v1/projects', { projectName, scenario: 'hotel', netMode })).body.data.id as number;
    ownerId ??= Number((await env.db('projects').where({ id: projectId }).first('owner_account_id')).owner_account_id);
    // serial numbers of this run (MariaDB and Mosquitto outlive a test run); the mesh tree follows them
    const renamed = new Map<string, string>();
    const specs: DeviceSpec[] = generateFleet(projectId, mix).map((s) => {
      const sn = `WS${randomBytes(7).toString('hex').toUpperCase()}`;
      renamed.set(s.sn, sn);
      return { ...s, sn, secret: randomBytes(16).toString('hex') };
    });
    for (const s of specs) if (s.backhaul) s.backhaul = { ...s.backhaul, parentSn: renamed.get(s.backhaul.parentSn)! };
    await registerDevices(env.db, specs.map((s) => ({ sn: s.sn, type: s.type, model: s.model, mac: s.mac, secret: s.secret!, projectId, ownerAccountId: ownerId })));
    const fleet = createFleet(specs, { brokerUrl: live.brokerUrl, protocolVersion: live.protocolVersion, timeScale: agentTimeScale, statusTimeScale: TIME_SCALE });
    fleets.push(fleet);
    await fleet.start();
    await until(async () => (await env.db('devices').whereIn('sn', specs.map((s) => s.sn)).where({ status: DeviceStatus.ONLINE })).length === specs.length);
    return { projectId, specs, fleet };
  }

  async function confirm(projectId: number): Promise<void> {
    const view = (await owner.get(`/api/v1/projects/${projectId}/wireless/policies`)).body.data;
    expect((await owner.post(`/api/v1/projects/${projectId}/wireless/apply`, { revision: view.pending.revision })).body.code).toBe(0);
    await until(async () => {
      const devices = (await owner.get(`/api/v1/projects/${projectId}/wireless/policies`)).body.data.devices;
      return devices.every((d: { state: string; status: number }) => d.state === 'applied' && d.status === DeviceStatus.ONLINE);
    });
  }

  it('the clients of a hidden Wi-Fi and of a removed one leave, and a Wi-Fi in its shutdown period is off: the online-clients list shows it', async () => {
    const { projectId, specs, fleet } = await site('Clients Inn', 0, { ap: 2 });
    const clients = async () => ((await owner.get(`/api/v1/projects/${projectId}/clients?kind=wireless`)).body.data.items as ListedClient[]);
    const onlineOn = async (ssid: string) => (await clients()).filter((c) => c.online && (c.ssid === ssid || c.ssid === `${ssid}-5G`));
    expect((await owner.post(`/api/v1/projects/${projectId}/wireless/policies`, policy('Staff', 'Inn-Staff'))).body.code).toBe(0);
    expect((await owner.post(`/api/v1/projects/${projectId}/wireless/policies`, policy('Lounge', 'Inn-Lounge'))).body.code).toBe(0);
    await confirm(projectId);
    // people join the new networks as the APs live on
    await until(async () => (await onlineOn('Inn-Staff')).length > 0 && (await onlineOn('Inn-Lounge')).length > 0);
    const staffClients = (await onlineOn('Inn-Staff')).map((c) => c.mac);

    // hide the staff Wi-Fi: its clients leave and nobody joins it while hidden
    expect((await owner.put(`/api/v1/projects/${projectId}/wireless/policies/1`, policy('Staff', 'Inn-Staff', { hidden: true }))).body.code).toBe(0);
    await confirm(projectId);
    await until(async () => (await onlineOn('Inn-Staff')).length === 0);
    const listed = await clients();
    for (const mac of staffClients) {
      const c = listed.find((x) => x.mac === mac);
      // gone from the list or listed offline (gone within 24 h), unless it came back on another network
      expect(c === undefined || !c.online || (c.ssid !== 'Inn-Staff' && c.ssid !== 'Inn-Staff-5G')).toBe(true);
    }

    // a Wi-Fi whose shutdown period covers now (the simulated devices' clock is UTC): off the air, nobody on it
    const hour = new Date().getUTCHours();
    const period = hour < 23 ? { start: `${String(hour).padStart(2, '0')}:00`, end: `${String(hour + 1).padStart(2, '0')}:00` } : { start: '23:00', end: '23:59' };
    expect((await owner.post(`/api/v1/projects/${projectId}/wireless/policies`, policy('Night', 'Inn-Night', { schedule: [period] }))).body.code).toBe(0);
    await confirm(projectId);
    const nightSsid = (sn: string) => {
      const tree = fleet.get(sn)!.tree();
      const at = [...tree].find(([p, v]) => /^Device\.WiFi\.SSID\.\d+\.SSID$/.test(p) && v === 'Inn-Night')![0].replace(/SSID$/, '');
      return tree.get(`${at}Status`);
    };
    for (const s of specs) expect(nightSsid(s.sn)).toBe('Down');
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await onlineOn('Inn-Night')).toEqual([]);
    // the lounge keeps (or gets back, once the APs took the new set of Wi-Fis) its clients
    await until(async () => (await onlineOn('Inn-Lounge')).length > 0);

    // remove the lounge Wi-Fi: its clients leave too
    expect((await owner.del(`/api/v1/projects/${projectId}/wireless/policies/2`)).body.code).toBe(0);
    await confirm(projectId);
    await until(async () => (await onlineOn('Inn-Lounge')).length === 0);
    // the hidden one stays empty a while longer
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await onlineOn('Inn-Staff')).toEqual([]);
  }, 120_000);

  it('MESH: renaming the main Wi-Fi re-networks the mesh: the secondaries drop off and join again with the new name', async () => {
    // the secondaries stay away 6 s (60 s × 0.1), not 1.2: a loaded gateway that reads a last will after
    // the device is back rightly ignores it, and the drop would leave no offline row to see
    const { projectId, specs, fleet } = await site('Mesh Home', 1, { mesh: 3 }, 0.1);
    const primary = specs.find((s) => s.meshRole === 'primary')!;
    const secondaries = specs.filter((s) => s.meshRole === 'secondary');
    expect((await owner.post(`/api/v1/projects/${projectId}/wireless/policies`, policy('Home', 'Home-Main'))).body.code).toBe(0);
    // the first Wi-Fi is no rename: nothing re-networks
    expect((await owner.get(`/api/v1/projects/${projectId}/wireless/policies`)).body.data.pending.renetwork).toBe(false);
    await confirm(projectId);
    expect(secondaries.map((s) => fleet.get(s.sn)!.renetworks)).toEqual([0, 0]);
    // the mesh nodes join with the main Wi-Fi: it is in use and cannot be deleted (26); nothing becomes pending
    const deleted = await owner.del(`/api/v1/projects/${projectId}/wireless/policies/1`);
    expect([deleted.body.code, deleted.status < 500]).toEqual([ErrorCode.WIRELESS_POLICY_IN_USE, true]);
    expect((await owner.get(`/api/v1/projects/${projectId}/wireless/policies`)).body.data.pending).toBeNull();

    const renamed = await owner.put(`/api/v1/projects/${projectId}/wireless/policies/1`, policy('Home', 'Home-Renamed'));
    expect(renamed.body.data.pending.renetwork).toBe(true);
    // the log's `at` is milliseconds of the gateway's clock (a Date here was compared as a string by MariaDB)
    const since = env.clock.now() - 1;
    await confirm(projectId);
    // each secondary dropped (offline) and came back (online), joined with the new name; the primary stayed
    await until(async () => {
      const log = await env.db('device_status_log').whereIn('sn', specs.map((s) => s.sn)).andWhere('at', '>=', since).select('sn', 'to_status');
      return secondaries.every((s) => log.some((r: { sn: string; to_status: number }) => r.sn === s.sn && Number(r.to_status) === DeviceStatus.OFFLINE));
    }, 'each secondary to be logged offline');
    await until(async () => (await env.db('devices').whereIn('sn', specs.map((s) => s.sn)).where({ status: DeviceStatus.ONLINE })).length === specs.length, 'the mesh online again');
    for (const s of secondaries) {
      const agent = fleet.get(s.sn)!;
      expect(agent.renetworks).toBe(1);
      expect(agent.tree().get('Device.X_AIRLOOM_MeshBackhaul.SSID')).toBe('Home-Renamed / Home-Renamed-5G');
    }
    const primaryLog = await env.db('device_status_log').where({ sn: primary.sn }).andWhere('at', '>=', since).select('to_status');
    expect(primaryLog.map((r: { to_status: number }) => Number(r.to_status))).not.toContain(DeviceStatus.OFFLINE);
    // once back, the secondaries hold the renamed Wi-Fi too
    await until(() => secondaries.every((s) => [...fleet.get(s.sn)!.tree()].some(([p, v]) => /^Device\.WiFi\.SSID\.\d+\.SSID$/.test(p) && v === 'Home-Renamed')), 'the secondaries to hold the renamed Wi-Fi');
  }, 120_000);
});
