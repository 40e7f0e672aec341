// One agent driven by a tiny controller over a real broker: what a controller (the gateway) would
// see of a device — its tree, its subscriptions and notifications, reboot and last will.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAdd,
  buildDelete,
  buildGet,
  buildOperate,
  buildSet,
  type AddRespMsg,
  type GetRespMsg,
  type NotifyMsg,
  type SetRespMsg,
  type UspMsg,
} from '@airloom/usp';
import { Agent, type AgentOptions } from './agent.js';
import type { DeviceSpec } from './specs.js';
import { BROKERS, type TestBroker } from './test/broker.js';
import { TestController, type Received } from './test/controller.js';

const TIME_SCALE = 0.01; // reboot ~0.6 s, status every 0.3 s

function uniqueSpec(overrides: Partial<DeviceSpec> = {}): DeviceSpec {
  const tail = randomBytes(5).toString('hex').toUpperCase();
  return {
    sn: `ALTEST${tail}`,
    mac: `02:41:4C:${tail.slice(0, 2)}:${tail.slice(2, 4)}:${tail.slice(4, 6)}`,
    type: 'ap',
    model: 'AL-AP620',
    meshRole: '',
    name: 'AP-Test',
    ...overrides,
  };
}

const SUBSCRIPTIONS = [
  { id: 'airloom-boot', type: 'Event', ref: 'Device.Boot!' },
  { id: 'airloom-vc', type: 'ValueChange', ref: 'Device.DeviceInfo.X_AIRLOOM_Name' },
  { id: 'airloom-status', type: 'Event', ref: 'Device.X_AIRLOOM_Status!' },
];

function addSubscriptions() {
  return buildAdd(
    SUBSCRIPTIONS.map((s) => ({
      objPath: 'Device.LocalAgent.Subscription.',
      paramSettings: [
        { param: 'ID', value: s.id, required: true },
        { param: 'Enable', value: 'true' },
        { param: 'NotifType', value: s.type },
        { param: 'ReferenceList', value: s.ref },
        { param: 'NotifRetry', value: 'true' },
      ],
    })),
  );
}

const isNotify = (ep: string, pred: (n: NotifyMsg) => boolean) => (r: Received) => r.ep === ep && r.msg?.type === 'notify' && pred(r.msg);
const isEvent = (name: string) => (n: NotifyMsg) => n.notification.kind === 'event' && n.notification.eventName === name;
const isRecord = (ep: string, kind: string) => (r: Received) => r.ep === ep && r.record.kind === kind;

function expectType<T extends UspMsg['type']>(msg: UspMsg, type: T): Extract<UspMsg, { type: T }> {
  expect(msg.type).toBe(type);
  return msg as Extract<UspMsg, { type: T }>;
}

describe.each(BROKERS)('agent on $name', ({ start }) => {
  let broker: TestBroker;
  let controller: TestController;
  const agents: Agent[] = [];

  function newAgent(options: Partial<AgentOptions> = {}): Agent {
    const agent = new Agent({ brokerUrl: broker.url, protocolVersion: broker.protocolVersion, spec: uniqueSpec(), timeScale: TIME_SCALE, ...options });
    agents.push(agent);
    return agent;
  }

  beforeAll(async () => {
    broker = await start();
    controller = await TestController.connect(broker.url, broker.protocolVersion);
  });
  afterEach(async () => {
    controller.ackNotifies = true;
    await Promise.all(agents.splice(0).map((a) => a.stop()));
  });
  afterAll(async () => {
    await controller.close();
    await broker.close();
  });

  it('announces itself with mqtt_connect and answers a Get of its DeviceInfo', async () => {
    const agent = newAgent();
    await agent.start();
    await controller.waitFor(isRecord(agent.endpointId, 'mqtt-connect'));

    const resp = expectType(await controller.request(agent.endpointId, buildGet(['Device.DeviceInfo.'])), 'getResp');
    const result = resp.reqPathResults[0]!;
    expect(result.errCode).toBe(0);
    const info = result.resolvedPathResults.find((r) => r.resolvedPath === 'Device.DeviceInfo.')!.resultParams;
    expect(info).toMatchObject({
      Manufacturer: 'Airloom',
      ModelName: 'AL-AP620',
      SerialNumber: agent.spec.sn,
      SoftwareVersion: expect.stringMatching(/^V\d/),
      X_AIRLOOM_Name: 'AP-Test',
    });
    expect(Number(info.UpTime)).toBeGreaterThan(0);
  });

  it('held, it answers nothing yet stays connected; released, it answers what came meanwhile in order', async () => {
    const agent = newAgent();
    await agent.start();
    await controller.waitFor(isRecord(agent.endpointId, 'mqtt-connect'));
    agent.hold();
    const first = controller.request(agent.endpointId, buildGet(['Device.DeviceInfo.SerialNumber']), 5_000);
    const second = controller.request(agent.endpointId, buildGet(['Device.DeviceInfo.ModelName']), 5_000);
    const answered: string[] = [];
    void first.then(() => answered.push('first'));
    void second.then(() => answered.push('second'));
    await new Promise((r) => setTimeout(r, 500));
    expect(answered).toEqual([]);
    expect(agent.state).toBe('online');
    agent.release();
    const [a, b] = await Promise.all([first, second]);
    expect(expectType(a, 'getResp').reqPathResults[0]!.resolvedPathResults[0]!.resultParams.SerialNumber).toBe(agent.spec.sn);
    expect(expectType(b, 'getResp').reqPathResults[0]!.resolvedPathResults[0]!.resultParams.ModelName).toBe('AL-AP620');
    expect(answered).toEqual(['first', 'second']);
  });

  it('resolves wildcards, limits depth and refuses unknown paths with 7026', async () => {
    const agent = newAgent();
    await agent.start();
    const resp = expectType(
      await controller.request(
        agent.endpointId,
        buildGet(['Device.WiFi.Radio.*.Channel', 'Device.LocalAgent.', 'Device.Nope.', 'Device.WiFi.Radio.9.'], { maxDepth: 1 }),
      ),
      'getResp',
    ) as GetRespMsg;
    const [channels, localAgent, nope, missing] = resp.reqPathResults;
    expect(channels!.resolvedPathResults.map((r) => r.resolvedPath)).toEqual(['Device.WiFi.Radio.1.', 'Device.WiFi.Radio.2.']);
    expect(Number(channels!.resolvedPathResults[0]!.resultParams.Channel)).toBeGreaterThan(0);
    // depth 1: the object's own parameters, not its Controller/Subscription instances
    expect(localAgent!.resolvedPathResults.map((r) => r.resolvedPath)).toEqual(['Device.LocalAgent.']);
    expect(localAgent!.resolvedPathResults[0]!.resultParams.EndpointID).toBe(agent.endpointId);
    expect(nope!.errCode).toBe(7026);
    expect(missing!.errCode).toBe(7026);
  });

  it('reports its first boot once the controller subscribes, and re-adding subscriptions changes nothing', async () => {
    const agent = newAgent();
    await agent.start();
    await controller.waitFor(isRecord(agent.endpointId, 'mqtt-connect'));
    // no subscription yet: the Boot! waits
    expect(controller.notifies(agent.endpointId)).toHaveLength(0);

    const first = expectType(await controller.request(agent.endpointId, addSubscriptions()), 'addResp') as AddRespMsg;
    expect(first.createdObjResults.every((r) => r.ok)).toBe(true);
    const boot = await controller.waitFor(isNotify(agent.endpointId, isEvent('Boot!')));
    const n = boot.msg as NotifyMsg;
    expect(n.subscriptionId).toBe('airloom-boot');
    expect(n.sendResp).toBe(true);
    expect(n.notification).toMatchObject({ objPath: 'Device.', params: { Cause: 'LocalReboot', CommandKey: '', FirmwareUpdated: 'false', ParameterMap: '{}' } });

    const again = expectType(await controller.request(agent.endpointId, addSubscriptions()), 'addResp') as AddRespMsg;
    const paths = (r: AddRespMsg) => r.createdObjResults.map((c) => (c.ok ? c.instantiatedPath : c.errMsg));
    expect(paths(again)).toEqual(paths(first));
    const count = expectType(await controller.request(agent.endpointId, buildGet(['Device.LocalAgent.SubscriptionNumberOfEntries'])), 'getResp');
    expect(count.reqPathResults[0]!.resolvedPathResults[0]!.resultParams.SubscriptionNumberOfEntries).toBe('3');

    const del = expectType(await controller.request(agent.endpointId, buildDelete(['Device.LocalAgent.Subscription.[ID=="airloom-vc"].'])), 'deleteResp');
    expect(del.deletedObjResults[0]).toMatchObject({ ok: true, affectedPaths: [expect.stringMatching(/^Device\.LocalAgent\.Subscription\.\d+\.$/)] });
    expect(agent.subscriptions.map((s) => s.id)).toEqual(['airloom-boot', 'airloom-status']);
  });

  it('reports Device.X_AIRLOOM_Event! to its subscribers when something happens, once per code within the gap', async () => {
    const agent = newAgent();
    await agent.start();
    await controller.request(
      agent.endpointId,
      buildAdd([
        {
          objPath: 'Device.LocalAgent.Subscription.',
          paramSettings: [
            { param: 'ID', value: 'airloom-event', required: true },
            { param: 'NotifType', value: 'Event' },
            { param: 'ReferenceList', value: 'Device.X_AIRLOOM_Event!' },
            { param: 'NotifRetry', value: 'true' },
          ],
        },
      ]),
    );
    expect(agent.raiseEvent('PoEOverCurrent')).toBeNull(); // an AP gives no PoE
    expect(agent.raiseEvent('HighTemperature')).toMatchObject({ code: 'HighTemperature', severity: 'warning' });
    expect(agent.raiseEvent('HighTemperature')).toBeNull(); // rate-limited
    const got = await controller.waitFor(isNotify(agent.endpointId, isEvent('X_AIRLOOM_Event!')));
    const n = got.msg as NotifyMsg;
    expect(n.subscriptionId).toBe('airloom-event');
    expect(n.notification).toMatchObject({ objPath: 'Device.', params: { Code: 'HighTemperature', Severity: 'warning', Text: expect.stringMatching(/^Temperature \d+ °C is above the normal range/) } });
  });

  it('sends the periodic status event with its telemetry', async () => {
    const agent = newAgent();
    await agent.start();
    await controller.request(agent.endpointId, addSubscriptions());
    const status = await controller.waitFor(isNotify(agent.endpointId, isEvent('X_AIRLOOM_Status!')));
    const n = (status.msg as NotifyMsg).notification;
    if (n.kind !== 'event') throw new Error('not an event');
    // TR-181 parameters by full path (usp STATUS_EVENT_PATHS)
    expect(n.params).toMatchObject({
      'Device.IP.Interface.1.IPv4Address.1.IPAddress': expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/),
      'Device.DeviceInfo.SoftwareVersion': expect.any(String),
      'Device.X_AIRLOOM_MeshRole': '',
      'Device.WiFi.Radio.1.OperatingFrequencyBand': '2.4GHz',
      'Device.WiFi.Radio.2.OperatingFrequencyBand': '5GHz',
      'Device.Ethernet.Interface.1.Name': 'LAN1',
      'Device.Ethernet.Interface.1.Status': 'Up',
    });
    expect(Number(n.params['Device.WiFi.Radio.1.Stats.Noise'])).toBeLessThan(-80);
    const associated = Object.keys(n.params).filter((k) => /AssociatedDevice\.\d+\.MACAddress$/.test(k));
    expect(Number(n.params['Device.Hosts.HostNumberOfEntries'])).toBeGreaterThanOrEqual(associated.length);
    expect(Object.entries(n.params).some(([k, v]) => /^Device\.WiFi\.SSID\.\d+\.SSID$/.test(k) && v === 'Airloom-Office')).toBe(true);
  });

  it('reports its status at statusTimeScale while the rest of its timings follow timeScale (a bench: field-rate reports, compressed upgrades)', async () => {
    // status every 30 s × 0.1 = 3 s (the next one 1.5–4.5 s after the first); at timeScale alone it would be every 0.3 s
    const agent = new Agent({ brokerUrl: broker.url, protocolVersion: broker.protocolVersion, spec: uniqueSpec(), timeScale: TIME_SCALE, statusTimeScale: 0.1 });
    agents.push(agent);
    await agent.start();
    await controller.request(agent.endpointId, addSubscriptions());
    const first = await controller.waitFor(isNotify(agent.endpointId, isEvent('X_AIRLOOM_Status!')));
    await new Promise((r) => setTimeout(r, 1_200));
    const statuses = controller.received.filter((r) => r.at >= first.at && isNotify(agent.endpointId, isEvent('X_AIRLOOM_Status!'))(r));
    expect(statuses).toHaveLength(1);
    // a Locate still blinks for Duration × timeScale (0.6 s), not × statusTimeScale (6 s)
    await controller.request(agent.endpointId, buildOperate('Device.X_AIRLOOM_Locate()', { commandKey: 'loc-status-scale', inputArgs: { Duration: '60' } }));
    expect(agent.locating).toBe(true);
    await expect.poll(() => agent.locating, { timeout: 3_000 }).toBe(false);
  });

  it('renames itself on Set, answers with the new value and sends a ValueChange', async () => {
    const agent = newAgent();
    await agent.start();
    await controller.request(agent.endpointId, addSubscriptions());
    const set = buildSet([{ objPath: 'Device.DeviceInfo.', paramSettings: [{ param: 'X_AIRLOOM_Name', value: 'Lobby-AP', required: true }] }]);
    const resp = expectType(await controller.request(agent.endpointId, set), 'setResp') as SetRespMsg;
    expect(resp.updatedObjResults[0]).toMatchObject({ ok: true, updatedInstResults: [{ affectedPath: 'Device.DeviceInfo.', updatedParams: { X_AIRLOOM_Name: 'Lobby-AP' } }] });
    const vc = await controller.waitFor(isNotify(agent.endpointId, (n) => n.notification.kind === 'valueChange'));
    expect((vc.msg as NotifyMsg).subscriptionId).toBe('airloom-vc');
    expect((vc.msg as NotifyMsg).notification).toEqual({ kind: 'valueChange', paramPath: 'Device.DeviceInfo.X_AIRLOOM_Name', paramValue: 'Lobby-AP' });
    expect(agent.name).toBe('Lobby-AP');

    // a read-only parameter: the whole Set fails and nothing changes
    const bad = buildSet([{ objPath: 'Device.DeviceInfo.', paramSettings: [{ param: 'SerialNumber', value: 'X', required: true }] }]);
    const err = expectType(await controller.request(agent.endpointId, bad), 'error');
    expect(err.errCode).toBe(7021);
    expect(err.paramErrs[0]).toMatchObject({ paramPath: 'Device.DeviceInfo.SerialNumber', errCode: 7013 });
  });

  it('reboots: OperateResp, clean disconnect, back with Boot! carrying the command key; a duplicate is answered, not executed', async () => {
    const agent = newAgent();
    await agent.start();
    await controller.request(agent.endpointId, addSubscriptions());
    await controller.waitFor(isNotify(agent.endpointId, isEvent('Boot!')));
    await controller.request(agent.endpointId, buildSet([{ objPath: 'Device.DeviceInfo.', paramSettings: [{ param: 'X_AIRLOOM_Name', value: 'Renamed' }] }]));
    const mark = controller.received.length;

    const resp = expectType(await controller.request(agent.endpointId, buildOperate('Device.Reboot()', { commandKey: '4711' })), 'operateResp');
    expect(resp.operationResults[0]).toMatchObject({ executedCommand: 'Device.Reboot()', ok: true });
    const down = await controller.waitFor(isRecord(agent.endpointId, 'disconnect'), 10_000, mark);
    expect(down.record).toMatchObject({ fromId: agent.endpointId, toId: 'self::airloom' });
    await controller.waitFor(isRecord(agent.endpointId, 'mqtt-connect'), 10_000, mark);
    const boot = await controller.waitFor(isNotify(agent.endpointId, isEvent('Boot!')), 10_000, mark);
    expect((boot.msg as NotifyMsg).notification).toMatchObject({ params: { Cause: 'RemoteReboot', CommandKey: '4711' } });
    expect(agent.executions.reboot).toBe(1);
    // what the device keeps across a reboot: its name and the controller's subscriptions
    expect(agent.name).toBe('Renamed');
    expect(agent.subscriptions).toHaveLength(3);
    expect(agent.device.uptime()).toBeLessThan(5);

    const mark2 = controller.received.length;
    const dup = expectType(await controller.request(agent.endpointId, buildOperate('Device.Reboot()', { commandKey: '4711' })), 'operateResp');
    expect(dup.operationResults[0]!.ok).toBe(true);
    // a fresh key goes down right after its OperateResp; the duplicate must not
    await new Promise((r) => setTimeout(r, 500));
    expect(controller.received.slice(mark2).some(isRecord(agent.endpointId, 'disconnect'))).toBe(false);
    expect(agent.executions.reboot).toBe(1);
    expect(agent.connected).toBe(true);
    // what it knows it ran: the key once
    expect(agent.ran.map((r) => [r.command, r.commandKey])).toEqual([['Device.Reboot()', '4711']]);
  });

  it('without dedupe runs a repeated command key again, and lists each run', async () => {
    const agent = newAgent({ dedupeCommandKeys: false });
    await agent.start();
    await controller.request(agent.endpointId, addSubscriptions());
    await controller.waitFor(isNotify(agent.endpointId, isEvent('Boot!')));
    for (let i = 0; i < 2; i++) {
      const mark = controller.received.length;
      await controller.request(agent.endpointId, buildOperate('Device.Reboot()', { commandKey: '99' }));
      await controller.waitFor(isNotify(agent.endpointId, isEvent('Boot!')), 10_000, mark);
    }
    expect(agent.executions.reboot).toBe(2);
    expect(agent.ran.map((r) => [r.command, r.commandKey])).toEqual([['Device.Reboot()', '99'], ['Device.Reboot()', '99']]);
  });

  it('blinks for Duration × timeScale on Locate', async () => {
    const agent = newAgent();
    await agent.start();
    const resp = expectType(await controller.request(agent.endpointId, buildOperate('Device.X_AIRLOOM_Locate()', { commandKey: '9', inputArgs: { Duration: '60' } })), 'operateResp');
    expect(resp.operationResults[0]!.ok).toBe(true);
    expect(agent.locating).toBe(true);
    await expect.poll(() => agent.locating, { timeout: 5_000 }).toBe(false);
    expect(agent.executions.locate).toBe(1);

    const unknown = expectType(await controller.request(agent.endpointId, buildOperate('Device.X_AIRLOOM_Unknown()', { commandKey: '10' })), 'error');
    expect(unknown.errCode).toBe(7026);
  });

  it('resets to factory defaults: the name it was given is gone, it restarts and reports Boot! RemoteFactoryReset with the key', async () => {
    const agent = newAgent();
    await agent.start();
    await controller.request(agent.endpointId, addSubscriptions());
    await controller.waitFor(isNotify(agent.endpointId, isEvent('Boot!')));
    const factory = agent.name;
    await controller.request(agent.endpointId, buildSet([{ objPath: 'Device.DeviceInfo.', paramSettings: [{ param: 'X_AIRLOOM_Name', value: 'Lobby-AP', required: true }] }]));
    expect(agent.name).toBe('Lobby-AP');

    const mark = controller.received.length;
    const resp = expectType(await controller.request(agent.endpointId, buildOperate('Device.FactoryReset()', { commandKey: '31' })), 'operateResp');
    expect(resp.operationResults[0]).toMatchObject({ executedCommand: 'Device.FactoryReset()', ok: true });
    await expect.poll(() => agent.state, { timeout: 5_000 }).toBe('rebooting');
    const boot = (await controller.waitFor(isNotify(agent.endpointId, isEvent('Boot!')), 15_000, mark)).msg as NotifyMsg;
    expect(boot.notification).toMatchObject({ params: { CommandKey: '31', Cause: 'RemoteFactoryReset' } });
    expect(agent.name).toBe(factory);
    // it can still report to its controller: the agent's subscriptions survive the reset
    expect(agent.subscriptions).toHaveLength(3);
    expect(agent.executions).toMatchObject({ reset: 1, reboot: 0 });
  });

  it('leaves its last will when killed, a disconnect record when stopped, and comes back without Boot!', async () => {
    const agent = newAgent();
    await agent.start();
    await controller.request(agent.endpointId, addSubscriptions());
    const boot = (await controller.waitFor(isNotify(agent.endpointId, isEvent('Boot!')))).msg as NotifyMsg;

    let mark = controller.received.length;
    agent.kill();
    const will = await controller.waitFor(isRecord(agent.endpointId, 'disconnect'), 10_000, mark);
    expect(will.record).toMatchObject({ fromId: agent.endpointId, toId: 'self::airloom' });

    mark = controller.received.length;
    await agent.start();
    await controller.waitFor(isRecord(agent.endpointId, 'mqtt-connect'), 10_000, mark);
    await agent.stop();
    await controller.waitFor(isRecord(agent.endpointId, 'disconnect'), 10_000, mark);
    // a lost connection is not a reboot (the first Boot! may be repeated if its NotifyResp was cut off)
    expect(controller.received.slice(mark).some(isNotify(agent.endpointId, (n) => isEvent('Boot!')(n) && n.msgId !== boot.msgId))).toBe(false);
  });

  it('repeats a Notify with the same msg_id until the NotifyResp arrives', async () => {
    const agent = newAgent();
    await agent.start();
    controller.ackNotifies = false;
    await controller.request(agent.endpointId, addSubscriptions());
    const first = (await controller.waitFor(isNotify(agent.endpointId, isEvent('Boot!')))).msg as NotifyMsg;
    const sameId = (r: Received) => r.ep === agent.endpointId && r.msg?.msgId === first.msgId;
    await expect.poll(() => controller.received.filter(sameId).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);

    controller.ackNotifies = true;
    await controller.send(agent.endpointId, { type: 'notifyResp', msgId: first.msgId, subscriptionId: first.subscriptionId });
    await expect.poll(() => agent.pendingNotifies, { timeout: 5_000 }).toBe(0);
    const seen = controller.received.filter(sameId).length;
    await new Promise((r) => setTimeout(r, 1000));
    expect(controller.received.filter(sameId).length).toBe(seen);
  });
});
