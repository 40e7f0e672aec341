// Safe apply on the device: arm, confirm, roll back (the data model), and through a real agent and an
// embedded broker, a WAN change that cuts the gateway off: the will, then the old configuration and
// the connection back once the timer fires.
import { randomBytes } from 'node:crypto';
import { buildGet, buildSet, type UspMsg } from '@airloom/usp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import { DataModel } from './datamodel.js';
import { SimDevice } from './device.js';
import { demoFleet, type DeviceSpec } from './specs.js';
import { startAedes, type TestBroker } from './test/broker.js';
import { TestController, type Received } from './test/controller.js';

const SAFE = 'Device.X_AIRLOOM_SafeApply.';
const WAN_ADDRESS = 'Device.IP.Interface.2.IPv4Address.1.';
const gatewaySpec = demoFleet(500000).find((d) => d.type === 'router')!;

const setMsg = (objPath: string, params: Record<string, string>) =>
  buildSet([{ objPath, paramSettings: Object.entries(params).map(([param, value]) => ({ param, value, required: true })) }]);
const arm = (seconds: number) => setMsg(SAFE, { Timeout: String(seconds) });
/** a static WAN1; `reachable` inside the simulated ISP's subnet with its gateway, or not */
const staticWan = (reachable: boolean) =>
  buildSet([
    { objPath: 'Device.DHCPv4.Client.1.', paramSettings: [{ param: 'Enable', value: 'false', required: true }] },
    {
      objPath: WAN_ADDRESS,
      paramSettings: [
        { param: 'IPAddress', value: reachable ? '203.0.113.40' : '198.18.7.40', required: true },
        { param: 'SubnetMask', value: '255.255.255.0', required: true },
        { param: 'X_AIRLOOM_DefaultGateway', value: reachable ? '203.0.113.1' : '198.18.7.1', required: true },
      ],
    },
  ]);

function valuesOf(resp: UspMsg): Record<string, string> {
  if (resp.type !== 'getResp') throw new Error(resp.type);
  const out: Record<string, string> = {};
  for (const p of resp.reqPathResults) for (const r of p.resolvedPathResults) for (const [k, v] of Object.entries(r.resultParams)) out[r.resolvedPath + k] = v;
  return out;
}

describe('safe apply in the data model', () => {
  const model = () => new DataModel(new SimDevice(gatewaySpec), { endpointId: 'os::X', controllerId: 'self::airloom', name: 'GW', periodicNotifInterval: 30, subscriptions: [], locating: false });
  const status = (m: DataModel) => valuesOf(m.get(buildGet([SAFE])));

  it('is Idle; Timeout > 0 arms, arming again keeps the first snapshot, the rollback restores it whole', () => {
    const m = model();
    expect(status(m)).toEqual({ [`${SAFE}Timeout`]: '0', [`${SAFE}Status`]: 'Idle' });
    expect(m.set(arm(300)).safeApply).toBe('armed');
    expect(status(m)[`${SAFE}Status`]).toBe('Armed');
    m.set(staticWan(true));
    m.set(setMsg('Device.DeviceInfo.', { X_AIRLOOM_Name: 'Renamed' }));
    expect(m.set(arm(600)).safeApply).toBeUndefined();
    m.add({ type: 'add', msgId: 'a', allowPartial: false, createObjs: [{ objPath: 'Device.NAT.PortMapping.', paramSettings: [{ param: 'Alias', value: 'airloom-portmap-1', required: true }] }] });
    expect(m.rollBack()).toBe(true);
    const after = valuesOf(m.get(buildGet([WAN_ADDRESS, 'Device.DeviceInfo.X_AIRLOOM_Name', 'Device.NAT.PortMapping.', SAFE])));
    expect(after[`${WAN_ADDRESS}AddressingType`]).toBe('DHCP');
    expect(after['Device.DeviceInfo.X_AIRLOOM_Name']).toBe('GW');
    expect(Object.keys(after).some((k) => k.startsWith('Device.NAT.PortMapping.'))).toBe(false);
    expect(after[`${SAFE}Status`]).toBe('RolledBack');
    expect(m.rollBack()).toBe(false);
  });

  it('Timeout 0 while armed confirms and keeps the new configuration; 0 while not armed is Idle', () => {
    const m = model();
    expect(m.set(arm(0)).safeApply).toBeUndefined();
    expect(status(m)[`${SAFE}Status`]).toBe('Idle');
    m.set(arm(120));
    m.set(staticWan(true));
    expect(m.set(arm(0)).safeApply).toBe('disarmed');
    expect(status(m)[`${SAFE}Status`]).toBe('Confirmed');
    expect(m.rollBack()).toBe(false);
    expect(valuesOf(m.get(buildGet([`${WAN_ADDRESS}IPAddress`])))[`${WAN_ADDRESS}IPAddress`]).toBe('203.0.113.40');
  });

  it('arming in the same Set as the change snapshots the configuration from before it', () => {
    const m = model();
    const both = buildSet([...staticWan(false).updateObjs, ...arm(60).updateObjs]);
    expect(m.set(both).safeApply).toBe('armed');
    m.rollBack();
    expect(valuesOf(m.get(buildGet([`${WAN_ADDRESS}AddressingType`])))[`${WAN_ADDRESS}AddressingType`]).toBe('DHCP');
  });
});

describe('safe apply through a real agent and broker', () => {
  // Timeout 200 s × 0.005 = 1 s
  const TIME_SCALE = 0.005;
  let broker: TestBroker;
  let controller: TestController;
  const agents: Agent[] = [];

  beforeAll(async () => {
    broker = await startAedes();
    controller = await TestController.connect(broker.url, broker.protocolVersion);
  });
  afterEach(async () => {
    await Promise.all(agents.splice(0).map((a) => a.stop()));
  });
  afterAll(async () => {
    await controller.close();
    await broker.close();
  });

  function gateway(): Agent {
    const tail = randomBytes(5).toString('hex').toUpperCase();
    const spec: DeviceSpec = { ...gatewaySpec, sn: `ALSAFE${tail}`, mac: `02:41:4C:${tail.slice(0, 2)}:${tail.slice(2, 4)}:${tail.slice(4, 6)}`, links: [] };
    const agent = new Agent({ brokerUrl: broker.url, protocolVersion: broker.protocolVersion, spec, timeScale: TIME_SCALE });
    agents.push(agent);
    return agent;
  }
  const isRecord = (ep: string, kind: string) => (r: Received) => r.ep === ep && r.record.kind === kind;

  it('a WAN that cannot reach the cloud is answered, the line drops (the will), and the old configuration comes back with the connection', async () => {
    const agent = gateway();
    await agent.start();
    const ep = agent.endpointId;
    expect((await controller.request(ep, arm(200))).type).toBe('setResp');
    const mark = controller.received.length;
    expect((await controller.request(ep, staticWan(false))).type).toBe('setResp');
    const will = await controller.waitFor(isRecord(ep, 'disconnect'), 5_000, mark);
    expect(will.record.kind === 'disconnect' && will.record.reason).toBe('Lost connection');
    expect(agent.isCutOff).toBe(true);
    await controller.waitFor(isRecord(ep, 'mqtt-connect'), 10_000, mark);
    const after = valuesOf(await controller.request(ep, buildGet([`${WAN_ADDRESS}AddressingType`, SAFE])));
    expect(after[`${WAN_ADDRESS}AddressingType`]).toBe('DHCP');
    expect(after[`${SAFE}Status`]).toBe('RolledBack');
  });

  it('confirmed in time, a good WAN stays; without safe apply a bad one leaves the device cut off', async () => {
    const agent = gateway();
    await agent.start();
    const ep = agent.endpointId;
    await controller.request(ep, arm(200));
    await controller.request(ep, staticWan(true));
    await controller.request(ep, arm(0));
    await new Promise((r) => setTimeout(r, 1_500));
    const kept = valuesOf(await controller.request(ep, buildGet([`${WAN_ADDRESS}IPAddress`, `${SAFE}Status`])));
    expect(kept).toEqual({ [`${WAN_ADDRESS}IPAddress`]: '203.0.113.40', [`${SAFE}Status`]: 'Confirmed' });

    const mark = controller.received.length;
    await controller.request(ep, staticWan(false));
    await controller.waitFor(isRecord(ep, 'disconnect'), 5_000, mark);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(controller.received.slice(mark).some(isRecord(ep, 'mqtt-connect'))).toBe(false);
    expect(agent.state).toBe('connecting');
  });
});
