// Rogue access points in a neighbour scan (docs/data.md "Run log and alarms"): a BSSID that is no
// device of the project, broadcasting one of the project's SSIDs. SQLite always, MariaDB with CI=true.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_REPORTED, toReportedJson } from './mapping.js';
import { listForeignMeasurements, listNeighbourMeasurements, parseScanResults, ROGUE_ALARM_QUIET_MS, rogueAccessPoints, storeNeighbourScan, type ScanResult } from './measurements.js';
import { registerDevices } from './registration.js';
import { appendLogEvents } from './run-log.js';
import { createTestDb, testBackends } from './test-db.js';

const PROJECT = 61;
const OTHER = 62;
const T0 = Date.UTC(2026, 10, 26, 9, 0, 0);
const AP1 = { sn: 'ALROGUEAP0000001', mac: '02:00:00:00:61:01' };
const AP2 = { sn: 'ALROGUEAP0000002', mac: '02:00:00:00:61:02' };
/** an AP of another project of the same building, broadcasting its own network */
const NEIGHBOUR = { sn: 'ALROGUEAP0000003', mac: '02:00:00:00:62:01' };
const TWIN = '66:55:44:33:22:11';

const heard = (bssid: string, ssid: string, signalStrength: number, band = '5GHz'): ScanResult => ({ bssid, ssid, band, signalStrength, channel: 36 });

describe.each(testBackends())('rogue access points on %s', (backend) => {
  let db: Knex;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await createTestDb(backend));
    await registerDevices(db, [AP1, AP2, NEIGHBOUR].map((d, i) => ({ ...d, type: 'ap', model: 'AL-AP620', secret: `a-device-secret-000${i}` })));
    const reported = (ssids: string[]) => toReportedJson({ ...EMPTY_REPORTED, ssids });
    await db('devices').where({ sn: AP1.sn }).update({ project_id: PROJECT, reported_json: reported(['Hotel-Guest', 'Hotel-Staff']) });
    await db('devices').where({ sn: AP2.sn }).update({ project_id: PROJECT, reported_json: reported(['Hotel-Guest']) });
    await db('devices').where({ sn: NEIGHBOUR.sn }).update({ project_id: OTHER, reported_json: reported(['Cafe']) });
  });
  afterAll(async () => {
    await close?.();
  });

  it('reads the SSID a scan result broadcasts (empty when hidden)', () => {
    expect(parseScanResults({ 'Result.1.BSSID': TWIN.toLowerCase(), 'Result.1.SSID': 'Hotel-Guest', 'Result.1.OperatingFrequencyBand': '5GHz', 'Result.1.SignalStrength': '-48', 'Result.2.BSSID': AP2.mac, 'Result.2.OperatingFrequencyBand': '2.4GHz', 'Result.2.SignalStrength': '-70' })).toEqual([
      { bssid: TWIN, ssid: 'Hotel-Guest', band: '5GHz', signalStrength: -48, channel: null },
      { bssid: AP2.mac, ssid: '', band: '2.4GHz', signalStrength: -70, channel: null },
    ]);
  });

  it("keeps what a scan heard: the project's APs as neighbour measurements, every other network as a foreign one, each replaced by the next scan", async () => {
    const scan = [heard(AP2.mac, 'Hotel-Guest', -60), heard(NEIGHBOUR.mac, 'Cafe', -55), heard(NEIGHBOUR.mac, 'Cafe', -58), { ...heard(TWIN, 'Pharmacy', -80, '2.4GHz'), channel: 11 }];
    expect(await storeNeighbourScan(db, AP1.sn, scan, T0)).toBe(1);
    expect(await listNeighbourMeasurements(db, PROJECT, [AP1.sn, AP2.sn])).toEqual([{ observerSn: AP1.sn, sourceSn: AP2.sn, band: '5GHz', rssiDbm: -60, channel: 36, measuredAt: T0 }]);
    // a device of another project is a foreign network here; one BSSID per band at its strongest
    expect(await listForeignMeasurements(db, PROJECT, [AP1.sn, AP2.sn])).toEqual([
      { observerSn: AP1.sn, bssid: NEIGHBOUR.mac, ssid: 'Cafe', band: '5GHz', rssiDbm: -55, channel: 36, measuredAt: T0 },
      { observerSn: AP1.sn, bssid: TWIN, ssid: 'Pharmacy', band: '2.4GHz', rssiDbm: -80, channel: 11, measuredAt: T0 },
    ]);
    expect(await listForeignMeasurements(db, OTHER, [AP1.sn])).toEqual([]);
    await storeNeighbourScan(db, AP1.sn, [heard(TWIN, 'Pharmacy', -77, '2.4GHz')], T0 + 1);
    expect(await listForeignMeasurements(db, PROJECT, [AP1.sn])).toEqual([{ observerSn: AP1.sn, bssid: TWIN, ssid: 'Pharmacy', band: '2.4GHz', rssiDbm: -77, channel: 36, measuredAt: T0 + 1 }]);
    expect(await listNeighbourMeasurements(db, PROJECT, [AP1.sn, AP2.sn])).toEqual([]);
  });

  it("finds a BSSID not of the project broadcasting one of its SSIDs, at its strongest; not the project's own APs, other networks or hidden ones", async () => {
    const scan = [
      heard(AP2.mac, 'Hotel-Guest', -60),
      heard(NEIGHBOUR.mac, 'Cafe', -55),
      heard(TWIN, 'Hotel-Staff', -71, '2.4GHz'),
      heard(TWIN, 'Hotel-Staff', -52),
      heard('66:55:44:33:22:99', '', -40),
    ];
    expect(await rogueAccessPoints(db, AP1.sn, scan, T0)).toEqual([{ bssid: TWIN, ssid: 'Hotel-Staff', band: '5GHz', signal: -52 }]);
    // the neighbour's AP heard copying the hotel's network is a rogue too, whoever's device it is
    expect(await rogueAccessPoints(db, AP1.sn, [heard(NEIGHBOUR.mac, 'Hotel-Guest', -65)], T0)).toEqual([{ bssid: NEIGHBOUR.mac, ssid: 'Hotel-Guest', band: '5GHz', signal: -65 }]);
    // seen from the other project, the hotel's network is not its own
    expect(await rogueAccessPoints(db, NEIGHBOUR.sn, [heard(TWIN, 'Hotel-Guest', -50)], T0)).toEqual([]);
  });

  it('raises one alarm a day per BSSID in a project, however many APs and scans hear it', async () => {
    const raised = new Map<string, number>();
    const scan = [heard(TWIN, 'Hotel-Guest', -50)];
    expect(await rogueAccessPoints(db, AP1.sn, scan, T0, raised)).toHaveLength(1);
    // AP2's scan ends before the run log wrote AP1's alarm
    expect(await rogueAccessPoints(db, AP2.sn, scan, T0 + 100, raised)).toEqual([]);
    // another gateway (its own memory) reads the run log
    await appendLogEvents(db, [{ projectId: PROJECT, sn: AP1.sn, t: T0, event: 'rogue.ap', params: { bssid: TWIN, ssid: 'Hotel-Guest', band: '5GHz', signal: -50 } }]);
    expect(await rogueAccessPoints(db, AP2.sn, scan, T0 + 1_000)).toEqual([]);
    // a day later it is news again
    expect(await rogueAccessPoints(db, AP2.sn, scan, T0 + ROGUE_ALARM_QUIET_MS + 1, raised)).toEqual([{ bssid: TWIN, ssid: 'Hotel-Guest', band: '5GHz', signal: -50 }]);
  });
});
