// A simulated AP's neighbour scan (TR-181 NeighboringWiFiDiagnostic()): what it hears is the radio
// model on the fleet's true site (radio's neighbourRssi), and it arrives as USP asynchronous
// command results — an OperateResp naming the Request, then an OperationComplete to the subscriber.
import { LIMITS } from '@airloom/contracts';
import { neighbourRssi, type PlacedAp } from '@airloom/radio';
import { buildAdd, buildOperate, type NotifyMsg } from '@airloom/usp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelMhz, DEMO_HOTEL_SITE, pairJitterDb, scanNeighbours, scanOutputArgs, type AirPeer, type RfSite } from './air.js';
import { powerDbm, SimDevice } from './device.js';
import { createFleet, type Fleet } from './fleet.js';
import { demoFleet } from './specs.js';
import { BROKERS, type TestBroker } from './test/broker.js';
import { TestController } from './test/controller.js';

const hotelAps = () => demoFleet(LIMITS.demoProjectIdWlan).filter((s) => s.type === 'ap');

function peers(): AirPeer[] {
  return hotelAps().map((spec) => {
    const device = new SimDevice(spec, 1);
    return { spec, radios: device.radios, ssids: device.ssids, onAir: true };
  });
}

describe('scanNeighbours', () => {
  it('hears every other AP of the site at neighbourRssi on the true walls, within the site jitter', () => {
    const all = peers();
    expect(all).toHaveLength(8);
    for (const observer of all) {
      const heard = scanNeighbours(observer, all);
      for (const [r, own] of observer.radios.entries()) {
        const aps: PlacedAp[] = all.map((p) => {
          const radio = p === observer ? own : p.radios.find((x) => x.band === own.band)!;
          return { id: p.spec.sn, x: p.spec.rf!.x, y: p.spec.rf!.y, txPowerDbm: powerDbm(radio), frequencyMhz: channelMhz(radio.band, radio.channel) };
        });
        const truth = neighbourRssi(aps, DEMO_HOTEL_SITE.walls).filter(([o]) => o === observer.spec.sn);
        const onBand = heard.filter((h) => h.band === own.band && !h.foreign);
        expect(onBand.map((h) => h.sn).sort()).toEqual(truth.map(([, s]) => s).sort());
        for (const [, source, dbm] of truth) {
          const h = onBand.find((x) => x.sn === source)!;
          expect(h.radio).toBe(r + 1);
          expect(h.bssid).toBe(all.find((p) => p.spec.sn === source)!.spec.mac);
          // whole dBm, plus at most ±1.5 dB of the site's deterministic jitter
          expect(Math.abs(h.signalStrength - dbm)).toBeLessThanOrEqual(DEMO_HOTEL_SITE.jitterDb + 0.5);
        }
      }
    }
  });

  it("hears the site's foreign networks: a placed one through the walls at neighbourRssi, a fixed one at its RSSI, each on its own channel", () => {
    const site: RfSite = {
      ...DEMO_HOTEL_SITE,
      id: 'with-neighbours',
      foreign: [
        { bssid: 'A4:2B:B0:00:00:01', ssid: 'Cafe', band: '2.4GHz', channel: 3, x: -2, y: 7, txPowerDbm: 20 },
        { bssid: 'A4:2B:B0:00:00:02', ssid: 'Cafe', band: '5GHz', channel: 44, rssiDbm: -58 },
      ],
    };
    const all = peers().map((p) => ({ ...p, spec: { ...p.spec, rf: { ...p.spec.rf!, site } } }));
    const observer = all[0]!;
    const heard = scanNeighbours(observer, all);
    const cafe24 = heard.filter((h) => h.foreign && h.band === '2.4GHz');
    const cafe5 = heard.filter((h) => h.foreign && h.band === '5GHz');
    expect(cafe24).toHaveLength(1);
    expect(cafe24[0]).toMatchObject({ sn: 'A4:2B:B0:00:00:01', bssid: 'A4:2B:B0:00:00:01', ssid: 'Cafe', channel: 3, radio: observer.radios.findIndex((r) => r.band === '2.4GHz') + 1 });
    const own = observer.radios.find((r) => r.band === '2.4GHz')!;
    const truth = neighbourRssi(
      [
        { id: observer.spec.sn, x: observer.spec.rf!.x, y: observer.spec.rf!.y, txPowerDbm: powerDbm(own), frequencyMhz: channelMhz('2.4GHz', own.channel) },
        { id: 'cafe', x: -2, y: 7, txPowerDbm: 20, frequencyMhz: channelMhz('2.4GHz', 3) },
      ],
      site.walls,
    ).find(([o]) => o === observer.spec.sn)!;
    expect(cafe24[0]!.signalStrength).toBe(Math.round(truth[2] + pairJitterDb(site, observer.spec.sn, 'A4:2B:B0:00:00:01', '2.4GHz')));
    expect(cafe5).toEqual([expect.objectContaining({ bssid: 'A4:2B:B0:00:00:02', channel: 44, signalStrength: -58 })]);
    // the TR-181 results carry them like any other BSSID
    const args = scanOutputArgs(heard);
    const i = heard.indexOf(cafe5[0]!) + 1;
    expect([args[`Result.${i}.BSSID`], args[`Result.${i}.Channel`], args[`Result.${i}.SignalStrength`], args[`Result.${i}.SSID`]]).toEqual(['A4:2B:B0:00:00:02', '44', '-58', 'Cafe']);
    // every AP of the site hears the fixed one; a site without the list hears no foreign network
    for (const p of all) expect(scanNeighbours(p, all).some((h) => h.bssid === 'A4:2B:B0:00:00:02')).toBe(true);
    const bare = peers().map((p) => ({ ...p, spec: { ...p.spec, rf: { ...p.spec.rf!, site: { ...DEMO_HOTEL_SITE, foreign: undefined } } } }));
    expect(scanNeighbours(bare[0]!, bare).some((h) => h.foreign)).toBe(false);
  });

  it('the demo hotel hears its neighbours: the café next door is strong in the lobby', () => {
    const all = peers();
    const lobby = all.find((p) => p.spec.rf!.x < 10 && p.spec.rf!.y < 10)!;
    const cafe = scanNeighbours(lobby, all).filter((h) => h.ssid === 'Cafe Aroma Free WiFi');
    expect(cafe.map((h) => h.band).sort()).toEqual(['2.4GHz', '5GHz']);
    expect(Math.max(...cafe.map((h) => h.signalStrength))).toBeGreaterThan(-75);
  });

  it('does not hear an AP that is off the air, nor one of another site, and the same scan gives the same answer', () => {
    const all = peers();
    const observer = all[0]!;
    const off = all[1]!;
    off.onAir = false;
    const heard = scanNeighbours(observer, all);
    expect(heard.some((h) => h.sn === off.spec.sn)).toBe(false);
    expect(heard.length).toBeGreaterThan(0);
    expect(scanNeighbours(observer, all)).toEqual(heard);
    const elsewhere = { ...observer, spec: { ...observer.spec, rf: { ...observer.spec.rf!, site: { ...DEMO_HOTEL_SITE, id: 'other', foreign: [] } } } };
    expect(scanNeighbours(elsewhere, all)).toEqual([]);
  });

  it('writes the TR-181 Result.{i}. parameters', () => {
    const args = scanOutputArgs([{ sn: 'X', bssid: '02:41:4C:00:00:01', ssid: 'Hotel', band: '5GHz', channel: 36, signalStrength: -71, radio: 2 }]);
    expect(args).toEqual({
      Status: 'Complete', ResultNumberOfEntries: '1',
      'Result.1.Radio': 'Device.WiFi.Radio.2', 'Result.1.SSID': 'Hotel', 'Result.1.BSSID': '02:41:4C:00:00:01', 'Result.1.Mode': 'Infrastructure',
      'Result.1.Channel': '36', 'Result.1.SignalStrength': '-71', 'Result.1.OperatingFrequencyBand': '5GHz',
    });
  });
});

describe.each(BROKERS)('NeighboringWiFiDiagnostic() on $name', ({ start }) => {
  let broker: TestBroker;
  let controller: TestController;
  let fleet: Fleet;

  beforeAll(async () => {
    broker = await start();
    controller = await TestController.connect(broker.url, broker.protocolVersion);
    fleet = createFleet(hotelAps(), { brokerUrl: broker.url, protocolVersion: broker.protocolVersion, timeScale: 0.01 });
    await fleet.start();
  });
  afterAll(async () => {
    await fleet?.stop();
    await controller?.close();
    await broker?.close();
  });

  it('answers the Operate with its Request, then sends what it heard in an OperationComplete', async () => {
    const agent = fleet.agents[0]!;
    await controller.request(
      agent.endpointId,
      buildAdd([{
        objPath: 'Device.LocalAgent.Subscription.',
        paramSettings: [
          { param: 'ID', value: 'scan', required: true },
          { param: 'Enable', value: 'true' },
          { param: 'NotifType', value: 'OperationComplete' },
          { param: 'ReferenceList', value: 'Device.WiFi.NeighboringWiFiDiagnostic()' },
          { param: 'NotifRetry', value: 'true' },
        ],
      }]),
    );
    const resp = await controller.request(agent.endpointId, buildOperate('Device.WiFi.NeighboringWiFiDiagnostic()', { commandKey: '77' }));
    expect(resp.type).toBe('operateResp');
    expect(resp.type === 'operateResp' && resp.operationResults[0]).toMatchObject({ ok: true, reqObjPath: expect.stringMatching(/^Device\.LocalAgent\.Request\.\d+\.$/) });
    const done = await controller.waitFor((r) => r.ep === agent.endpointId && r.msg?.type === 'notify' && r.msg.notification.kind === 'operComplete');
    const n = (done.msg as NotifyMsg).notification;
    expect(n).toMatchObject({ kind: 'operComplete', commandKey: '77', commandName: 'NeighboringWiFiDiagnostic()', ok: true });
    const expected = scanOutputArgs(scanNeighbours(agent.onAir, fleet.agents.map((a) => a.onAir)));
    expect(n.kind === 'operComplete' && n.ok && n.outputArgs).toEqual(expected);
    expect(Number(expected.ResultNumberOfEntries)).toBeGreaterThan(0);
    expect(agent.executions.neighbourScan).toBe(1);
  });
});
