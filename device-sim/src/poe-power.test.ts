// A switch powers the AP cabled to its PoE port: turning PoE off on that port takes the AP off the
// broker (its will), turning it on again boots it back. Settings stay across a switch reboot; a
// factory reset brings back the factory ones.
import { buildGet, buildOperate, buildSet, type UspMsg } from '@airloom/usp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleet } from './fleet.js';
import { generateFleet } from './specs.js';
import { startAedes, type TestBroker } from './test/broker.js';
import { TestController, type Received } from './test/controller.js';

const isRecord = (ep: string, kind: string) => (r: Received) => r.ep === ep && r.record.kind === kind;
const poe = (port: number, on: boolean) => buildSet([{ objPath: `Device.Ethernet.Interface.${port}.`, paramSettings: [{ param: 'X_AIRLOOM_PoEEnable', value: String(on), required: true }] }]);
const value = (resp: UspMsg, path: string) => (resp.type === 'getResp' ? resp.reqPathResults[0]?.resolvedPathResults[0]?.resultParams[path.slice(path.lastIndexOf('.') + 1)] : undefined);

describe('PoE power and configuration over a real broker', () => {
  let broker: TestBroker;
  let controller: TestController;
  beforeAll(async () => {
    broker = await startAedes();
    controller = await TestController.connect(broker.url, broker.protocolVersion);
  });
  afterAll(async () => {
    await controller.close();
    await broker.close();
  });

  it('PoE off drops the AP on that port, PoE on brings it back; the setting survives a reboot, a factory reset restores it', async () => {
    const specs = generateFleet(900_000 + Math.floor(Math.random() * 90_000), { switch: 1, ap: 1 });
    const fleet = createFleet(specs, { brokerUrl: broker.url, protocolVersion: broker.protocolVersion, timeScale: 0.005 });
    try {
      await fleet.start();
      const [sw, ap] = [fleet.agents.find((a) => a.spec.type === 'switch')!, fleet.agents.find((a) => a.spec.type === 'ap')!];
      const port = sw.spec.links!.find((l) => l.peerSn === ap.spec.sn)!.port + 1;
      let mark = controller.received.length;
      expect((await controller.request(sw.endpointId, poe(port, false))).type).toBe('setResp');
      await controller.waitFor(isRecord(ap.endpointId, 'disconnect'), 5_000, mark);
      expect(ap.connected).toBe(false);
      mark = controller.received.length;
      await controller.request(sw.endpointId, poe(port, true));
      await controller.waitFor(isRecord(ap.endpointId, 'mqtt-connect'), 10_000, mark);

      const remark = `Device.Ethernet.Interface.${port}.X_AIRLOOM_Remark`;
      await controller.request(sw.endpointId, buildSet([{ objPath: `Device.Ethernet.Interface.${port}.`, paramSettings: [{ param: 'X_AIRLOOM_Remark', value: 'lobby AP', required: true }] }]));
      mark = controller.received.length;
      await controller.request(sw.endpointId, buildOperate('Device.Reboot()', { commandKey: 'r1' }));
      await controller.waitFor(isRecord(sw.endpointId, 'mqtt-connect'), 10_000, mark);
      expect(value(await controller.request(sw.endpointId, buildGet([remark])), remark)).toBe('lobby AP');
      mark = controller.received.length;
      await controller.request(sw.endpointId, buildOperate('Device.FactoryReset()', { commandKey: 'f1' }));
      await controller.waitFor(isRecord(sw.endpointId, 'mqtt-connect'), 10_000, mark);
      expect(value(await controller.request(sw.endpointId, buildGet([remark])), remark)).toBe('');
    } finally {
      await fleet.stop();
    }
  });
});
