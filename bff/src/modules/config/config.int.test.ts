// The configuration engine end to end through the real parts: the HTTP API stores a desired version,
// the gateway runtime renders it and sends it over MQTT (the embedded broker, or Mosquitto with
// CI=true) to simulated USP agents — a gateway and a switch — and what the device then holds is read
// from the agent's own TR-181 tree. Bad input: refused with the catalogue code and fields, nothing
// stored, nothing sent.
import { randomBytes } from 'node:crypto';
import { DeviceStatus, ErrorCode } from '@airloom/contracts';
import { Agent, type DeviceSpec } from '@airloom/device-sim';
import { registerDevices } from '@airloom/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveGateway, type LiveGateway } from '../../test/live-gateway.js';
import { backends, client, createTestEnv, signedUp, pairedWithBrokers, type Client, type TestEnv } from '../../test/test-env.js';

const TIME_SCALE = 0.02; // the device's rollback timer: 300 s × 0.02 = 6 s
const cases = pairedWithBrokers(backends());

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check()) && Date.now() - started < ms) await new Promise((r) => setTimeout(r, 25));
  expect(await check()).toBe(true);
}

const LAN = { id: 1, name: 'VLAN_Default', ip: '192.168.1.1', mask: 24 };
const GUESTS = { id: 20, name: 'Guests', ip: '10.20.0.1', mask: 24 };

function spec(type: 'router' | 'switch', model: string): DeviceSpec {
  const hex = randomBytes(7).toString('hex').toUpperCase();
  return {
    sn: `CF${type === 'router' ? 'G' : 'S'}${hex}`,
    mac: `02:41:4C:${hex.slice(0, 6).match(/../g)!.join(':')}`,
    type,
    model,
    meshRole: '',
    name: type === 'router' ? 'Main-GW' : 'Floor-SW',
    secret: randomBytes(16).toString('hex'),
  };
}

describe.each(cases)('configuration engine on %s with %s', (backend, brokerKind) => {
  let env: TestEnv;
  let live: LiveGateway;
  let owner: Client;
  let projectId: number;
  let gateway: Agent;
  let sw: Agent;
  const agents: Agent[] = [];
  const gw = spec('router', 'AL-GW1200');
  const sws = spec('switch', 'AL-SW1008P');

  const api = (path: string) => `/api/v1/projects/${projectId}${path}`;
  const status = async (sn: string) => Number((await env.db('devices').where({ sn }).first('status')).status);
  /** a parameter of the agent's own TR-181 tree, by the end of its path */
  const holds = (agent: Agent, match: (path: string, value: string) => boolean) => [...agent.tree()].some(([p, v]) => match(p, v));
  const rows = async () => JSON.stringify(await Promise.all(['config_sections', 'config_changes'].map((t) => env.db(t).select().orderBy('id'))));
  /** the project's run-log rows about configuration, newest first (what the run log page lists) */
  const configLog = async (sn: string) =>
    ((await owner.get(api(`/logs?type=system&sn=${sn}&pageSize=100`))).body.data.items as { event: string; params: Record<string, string | number>; alarmType: string | null; level: string }[]).filter((i) => i.event.startsWith('config.'));
  const generation = async (sn: string) => Number((await env.db('devices').where({ sn }).first('config_version')).config_version);

  function agentFor(s: DeviceSpec): Agent {
    const a = new Agent({ brokerUrl: live.brokerUrl, protocolVersion: live.protocolVersion, spec: s, timeScale: TIME_SCALE });
    agents.push(a);
    return a;
  }

  beforeAll(async () => {
    env = await createTestEnv(backend);
    live = await startLiveGateway(env, brokerKind, TIME_SCALE);
    env.app = live.app;
    owner = (await signedUp(env)).c;
    projectId = (await owner.post('/api/v1/projects', { projectName: 'Config Hotel', scenario: 'hotel' })).body.data.id as number;
    const ownerId = Number((await env.db('projects').where({ id: projectId }).first('owner_account_id')).owner_account_id);
    await registerDevices(env.db, [gw, sws].map((s) => ({ sn: s.sn, type: s.type, model: s.model, mac: s.mac, secret: s.secret!, projectId, ownerAccountId: ownerId })));
    gateway = agentFor(gw);
    sw = agentFor(sws);
    await Promise.all([gateway.start(), sw.start()]);
    await until(async () => (await status(gw.sn)) === DeviceStatus.ONLINE && (await status(sws.sn)) === DeviceStatus.ONLINE);
  });
  afterAll(async () => {
    for (const a of agents) await a.stop();
    await live?.stop();
    await env?.close();
  });

  it('a gateway VLAN is stored at once, the gateway shows "online, not saved" (7), then holds it, read back as applied', async () => {
    const seen = new Set<number>();
    const watch = setInterval(() => void status(gw.sn).then((s) => seen.add(s)), 5);
    const put = await owner.put(api('/gateway/vlan'), { vlans: [LAN, GUESTS] });
    expect(put.body).toEqual({ code: 0, data: { version: 1, status: expect.stringMatching(/^(pending|applied)$/) } });
    await until(async () => (await owner.get(api('/gateway/vlan'))).body.data.state === 'applied');
    clearInterval(watch);
    expect(seen.has(DeviceStatus.ONLINE_NOT_SAVED)).toBe(true);
    // back to online once every section the gateway holds is settled (the status follows the section's state)
    await until(async () => (await status(gw.sn)) === DeviceStatus.ONLINE);
    expect(holds(gateway, (p, v) => p.startsWith('Device.Bridging.Bridge.1.VLAN.') && p.endsWith('.VLANID') && v === '20')).toBe(true);
    const section = (await owner.get(api('/gateway/vlan'))).body.data;
    expect(section).toMatchObject({ section: 'vlan', sn: gw.sn, version: 1, appliedVersion: 1, body: { vlans: [LAN, GUESTS] }, error: null });
    // the run log says so, as a system event that is not an alarm
    await until(async () => (await configLog(gw.sn)).some((i) => i.event === 'config.applied' && i.params.section === 'vlan'));
    expect((await configLog(gw.sn)).find((i) => i.params.section === 'vlan')).toMatchObject({ alarmType: null, level: 'info' });
  });

  it.each([
    ['a VLAN name that is reserved', { vlans: [LAN, { ...GUESTS, name: 'br0' }] }, 110, 'vlans.1.name'],
    ['two VLANs with one ID', { vlans: [LAN, GUESTS, { ...GUESTS, name: 'Staff', ip: '10.21.0.1' }] }, ErrorCode.DUPLICATE_VLAN_179, 'vlans.2.id'],
    ['VLAN_Default changed', { vlans: [{ ...LAN, ip: '192.168.5.1' }, GUESTS] }, ErrorCode.INVALID_PARAMS, 'vlans'],
    ['overlapping VLAN segments', { vlans: [LAN, GUESTS, { id: 21, name: 'Staff', ip: '10.20.0.129', mask: 25 }] }, 106, 'vlans.2.ip'],
    ['a VLAN ID outside 1–4094', { vlans: [LAN, { ...GUESTS, id: 5000 }] }, ErrorCode.INVALID_PARAMS, 'vlans.1.id'],
    ['no VLAN_Default', { vlans: [GUESTS] }, ErrorCode.INVALID_PARAMS, 'vlans'],
  ])('refuses %s with its code under the field: nothing stored, nothing sent', async (_what, body, code, field) => {
    const before = [await rows(), await generation(gw.sn)];
    const res = await owner.put(api('/gateway/vlan'), body);
    expect([res.status, res.body.code]).toEqual([res.status >= 400 && res.status < 500 ? res.status : -1, code]);
    expect(Object.keys(res.body.fields ?? {})).toContain(field);
    expect([await rows(), await generation(gw.sn)]).toEqual(before);
  });

  it.each([
    ['a DHCP pool outside its VLAN segment', '/gateway/dhcp', { modes: { server: true, relay: false, snooping: false }, pools: [{ name: 'guests', vlanId: 20, start: '10.99.0.10', end: '10.99.0.200', mask: 24, gateway: '10.99.0.1', dns: ['8.8.8.8'], leaseMinutes: 1440, type: 'user' }] }, 713, 'pools.0.start'],
    ['DHCP server and relay at once', '/gateway/dhcp', { modes: { server: true, relay: true, snooping: false }, relayServer: '10.0.0.5', pools: [] }, ErrorCode.DHCP_MODE_EXCLUSIVE, 'modes'],
    ['a static WAN inside the LAN', '/gateway/wan', { lines: [{ mode: 'static', ip: '192.168.1.50', mask: 24, gateway: '192.168.1.254', dns: ['8.8.8.8'] }] }, 111, 'lines.0.ip'],
    ['a port mapping to a host outside every LAN', '/gateway/portmap', { rules: [{ name: 'cam', enabled: true, protocol: 'tcp', external: '8080', internal: '80', internalIp: '172.30.0.9' }] }, 1129, 'rules.0.internalIp'],
    ['PoE beyond the switch budget', `/devices/${sws.sn}/config/poe`, { ports: [1, 2, 3, 4, 5].map((port) => ({ port, enabled: true, powerW: 30 })) }, ErrorCode.INVALID_PARAMS, 'ports'],
    ['a switch VLAN above the model range', `/devices/${sws.sn}/config/switch-vlan`, { qvlan: true, mgmtVlan: 1, mutualAccess: true, vlans: [{ id: 2000, name: 'Cams', wireless: false }], ports: [{ port: 1, pvid: 1, tagged: [2000], untagged: [1], trunk: true, stripped: [] }] }, ErrorCode.INVALID_PARAMS, 'vlans.0.id'],
    ['a management IP equal to the LAN IP', `/devices/${sws.sn}/config/mgmt-ip`, { ip: '192.168.1.1', mask: 24, gateway: '192.168.1.1', vlan: 1 }, ErrorCode.INVALID_PARAMS, 'ip'],
  ])('refuses %s: nothing stored, nothing sent', async (_what, path, body, code, field) => {
    const before = [await rows(), await generation(gw.sn), await generation(sws.sn)];
    const res = await owner.put(api(path), body);
    expect(res.body.code).toBe(code);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(Object.keys(res.body.fields ?? {})).toContain(field);
    expect([await rows(), await generation(gw.sn), await generation(sws.sn)]).toEqual(before);
  });

  it('keeps old → new of every write in the history, and a revert makes an earlier version desired again', async () => {
    await owner.put(api('/gateway/vlan'), { vlans: [LAN, { ...GUESTS, name: 'Visitors' }] });
    await until(async () => (await owner.get(api('/gateway/vlan'))).body.data.state === 'applied');
    expect(holds(gateway, (p, v) => p.endsWith('.Name') && v === 'Visitors')).toBe(true);
    const history = (await owner.get(api('/config/history?section=vlan'))).body.data.items;
    expect(history[0]).toMatchObject({ section: 'vlan', sn: null, result: 'applied', actor: expect.any(String), changes: [{ path: 'vlans[id=20].name', old: 'Guests', new: 'Visitors' }] });
    const first = history.find((c: { version: number }) => c.version === 1);
    const reverted = await owner.post(api(`/config/history/${first.id}/revert`));
    expect(reverted.body.data.version).toBe(history[0].version + 1);
    await until(async () => (await owner.get(api('/gateway/vlan'))).body.data.state === 'applied');
    expect(holds(gateway, (p, v) => p.endsWith('.Name') && v === 'Guests')).toBe(true);
    const after = (await owner.get(api('/config/history?section=vlan'))).body.data.items[0];
    expect(after).toMatchObject({ revertOf: first.id, result: 'applied', changes: [{ path: 'vlans[id=20].name', old: 'Visitors', new: 'Guests' }] });
  });

  it("reads the gateway's route table from the device: its own routes and the console's static ones", async () => {
    await owner.put(api('/gateway/routes'), { routes: [{ destination: '172.16.8.0', mask: 24, nextHop: '192.168.1.254' }] });
    await until(async () => (await owner.get(api('/gateway/routes'))).body.data.state === 'applied');
    const table = (await owner.get(api('/gateway/route-table'))).body.data;
    expect(table.sn).toBe(gw.sn);
    expect(table.routes).toContainEqual(expect.objectContaining({ destination: '172.16.8.0', mask: '255.255.255.0', gateway: '192.168.1.254', static: true }));
    expect(table.routes.some((r: { static: boolean }) => !r.static)).toBe(true);
  });

  it('a switch takes port, PoE and VLAN settings; the device list rename is the name section, with its history', async () => {
    const poe = { ports: [{ port: 1, enabled: false, powerW: 15 }, { port: 2, enabled: true, powerW: 12.5 }] };
    expect((await owner.put(api(`/devices/${sws.sn}/config/poe`), poe)).body.code).toBe(0);
    const vlan = { qvlan: true, mgmtVlan: 1, mutualAccess: true, vlans: [{ id: 30, name: 'Cams', wireless: false }], ports: [{ port: 8, pvid: 1, tagged: [30], untagged: [1], trunk: true, stripped: [] }, { port: 3, pvid: 30, tagged: [], untagged: [30], trunk: false, stripped: [] }] };
    expect((await owner.put(api(`/devices/${sws.sn}/config/switch-vlan`), vlan)).body.code).toBe(0);
    await until(async () => {
      const states = await Promise.all(['poe', 'switch-vlan'].map(async (s) => (await owner.get(api(`/devices/${sws.sn}/config/${s}`))).body.data.state));
      return states.every((s) => s === 'applied');
    });
    expect(holds(sw, (p, v) => p === 'Device.Ethernet.Interface.1.X_AIRLOOM_PoEEnable' && v === 'false')).toBe(true);
    expect(holds(sw, (p, v) => p.startsWith('Device.Bridging.Bridge.1.VLAN.') && p.endsWith('.VLANID') && v === '30')).toBe(true);

    expect((await owner.patch(api(`/devices/${sws.sn}`), { name: 'Floor-2-SW' })).body.code).toBe(0);
    await until(() => sw.name === 'Floor-2-SW');
    await until(async () => (await owner.get(api(`/devices/${sws.sn}/config/name`))).body.data.state === 'applied');
    const named = (await owner.get(api(`/config/history?sn=${sws.sn}&section=name`))).body.data.items[0];
    expect(named).toMatchObject({ result: 'applied', changes: [{ path: 'name', old: 'Floor-SW', new: 'Floor-2-SW' }] });
    // a switch has no WAN, and an AP section is not a switch's
    expect((await owner.put(api(`/devices/${gw.sn}/config/switch-ports`), { ports: [] })).body.code).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('a switch that refuses a PoE setting (its power supply gives less than the model): configuration failed, an alarm in the run log', async () => {
    const budget = sw.device.poeBudget;
    // as a switch with a smaller power supply than its catalogue entry says would
    Object.assign(sw.device, { poeBudget: 1 });
    try {
      const poe = { ports: [{ port: 1, enabled: true, powerW: 15 }, { port: 2, enabled: true, powerW: 15 }] };
      expect((await owner.put(api(`/devices/${sws.sn}/config/poe`), poe)).body.code).toBe(0);
      await until(async () => (await owner.get(api(`/devices/${sws.sn}/config/poe`))).body.data.state === 'failed');
      await until(async () => (await configLog(sws.sn)).some((i) => i.event === 'config.failed'));
      const failed = (await configLog(sws.sn)).find((i) => i.event === 'config.failed')!;
      expect(failed).toMatchObject({ alarmType: 'config-failed', level: 'warning', params: { section: 'poe', error: expect.stringContaining('PoE budget exceeded') } });
      // the alarm list has it, unread
      const alarms = (await owner.get(api(`/alarms?sn=${sws.sn}`))).body.data.items as { event: string; read: number }[];
      expect(alarms.find((a) => a.event === 'config.failed')).toMatchObject({ read: 0 });
      expect(holds(sw, (p, v) => p === 'Device.Ethernet.Interface.1.X_AIRLOOM_PoEEnable' && v === 'true')).toBe(false);
    } finally {
      Object.assign(sw.device, { poeBudget: budget });
    }
  });

  it('a gateway that is offline gets its change when it returns', async () => {
    await gateway.stop();
    await until(async () => (await status(gw.sn)) === DeviceStatus.OFFLINE);
    const put = await owner.put(api('/gateway/portmap'), { rules: [{ name: 'nvr', enabled: true, protocol: 'tcp', external: '8443', internal: '443', internalIp: '192.168.1.40' }] });
    expect(put.body.data).toEqual({ version: 1, status: 'waiting' });
    expect((await owner.get(api('/gateway/portmap'))).body.data.state).toBe('waiting');
    // as if the console had never heard its name: a device that returns with configuration owed still shows its own name
    await env.db('devices').where({ sn: gw.sn }).update({ name: '' });
    gateway = agentFor(gw);
    await gateway.start();
    await until(async () => (await owner.get(api('/gateway/portmap'))).body.data.state === 'applied');
    expect((await owner.get(api(`/devices/${gw.sn}`))).body.data.name).toBe('Main-GW');
    expect(holds(gateway, (p, v) => p.startsWith('Device.NAT.PortMapping.') && p.endsWith('.ExternalPort') && v === '8443')).toBe(true);
    // a device that comes back is checked in full: this one lost everything while away (a new box), and holds it all again
    await until(() => holds(gateway, (p, v) => p.endsWith('.VLANID') && v === '20'));
    await until(async () => (await status(gw.sn)) === DeviceStatus.ONLINE);
  });

  it('safe apply: a WAN setting that cuts the gateway off is rolled back by the device, and the history says so', async () => {
    const good = { lines: [{ mode: 'dhcp' }, { mode: 'dhcp' }] };
    expect((await owner.put(api('/gateway/wan'), good)).body.code).toBe(0);
    await until(async () => (await owner.get(api('/gateway/wan'))).body.data.state === 'applied');
    // a static address the upstream network does not route: the gateway loses the cloud
    const bad = { lines: [{ mode: 'static', ip: '100.64.7.2', mask: 24, gateway: '100.64.7.1', dns: ['8.8.8.8'] }, { mode: 'dhcp' }] };
    expect((await owner.put(api('/gateway/wan'), bad)).body.code).toBe(0);
    await until(async () => (await owner.get(api('/gateway/wan'))).body.data.state === 'rolled-back', 60_000);
    const history = (await owner.get(api('/config/history?section=wan'))).body.data.items;
    expect(history[0]).toMatchObject({ result: 'rolled-back', error: { code: expect.any(Number), message: expect.stringContaining('restored') } });
    // back online on the old configuration, and the bad one is not sent again
    await until(async () => (await status(gw.sn)) === DeviceStatus.ONLINE, 30_000);
    expect(holds(gateway, (p, v) => p.endsWith('AddressingType') && v === 'DHCP')).toBe(true);
    expect(holds(gateway, (p, v) => v === '100.64.7.2')).toBe(false);
    // an alarm in the run log, after the good version's "applied" (newest first)
    await until(async () => (await configLog(gw.sn)).some((i) => i.event === 'config.rolledBack'));
    const wan = (await configLog(gw.sn)).filter((i) => i.params.section === 'wan');
    const rolledBack = wan.findIndex((i) => i.event === 'config.rolledBack');
    expect(wan[rolledBack]).toMatchObject({ alarmType: 'config-rolled-back', level: 'warning' });
    expect(wan.slice(rolledBack + 1).map((i) => i.event)).toContain('config.applied');
  });

  it('a read-only guest and a stranger change nothing', async () => {
    const guest = await signedUp(env);
    await owner.post(`/api/v1/projects/${projectId}/shares`, { account: guest.account, permission: 'r' });
    const before = await rows();
    expect((await guest.c.put(api('/gateway/vlan'), { vlans: [LAN] })).body.code).toBe(ErrorCode.READ_ONLY_PROJECT);
    const stranger = client(env.app);
    expect((await stranger.put(api('/gateway/vlan'), { vlans: [LAN] })).status).toBe(401);
    expect(await rows()).toBe(before);
  });
});
