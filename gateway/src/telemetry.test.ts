import { describe, expect, it } from 'vitest';
import { parseReported } from './store/mapping.js';
import { instances, statusEventColumns, statusEventMacTable } from './telemetry.js';

const reported = (params: Record<string, string>) => parseReported(statusEventColumns(params).reported_json ?? null);

/** What an AP reports in Device.X_AIRLOOM_Status!: TR-181 parameters by full path. */
const AP = {
  'Device.DeviceInfo.UpTime': '3600',
  'Device.DeviceInfo.SoftwareVersion': '2.1.0',
  'Device.IP.Interface.1.IPv4Address.1.IPAddress': '192.168.1.20',
  'Device.IP.Interface.1.Stats.BytesSent': '1000',
  'Device.IP.Interface.1.Stats.BytesReceived': '2000',
  'Device.Hosts.HostNumberOfEntries': '3',
  'Device.X_AIRLOOM_MeshRole': '',
  'Device.WiFi.Radio.1.OperatingFrequencyBand': '2.4GHz',
  'Device.WiFi.Radio.1.Channel': '6',
  'Device.WiFi.Radio.1.TransmitPower': '100',
  'Device.WiFi.Radio.1.X_AIRLOOM_TransmitPowerdBm': '20',
  'Device.WiFi.Radio.1.Stats.Noise': '-92',
  'Device.WiFi.Radio.2.OperatingFrequencyBand': '5GHz',
  'Device.WiFi.Radio.2.Channel': '36',
  'Device.WiFi.Radio.2.X_AIRLOOM_TransmitPowerdBm': '23',
  'Device.WiFi.Radio.2.Stats.Noise': '-95',
  'Device.WiFi.SSID.1.SSID': 'Office',
  'Device.WiFi.SSID.1.LowerLayers': 'Device.WiFi.Radio.1.',
  'Device.WiFi.SSID.2.SSID': 'Office',
  'Device.WiFi.SSID.2.LowerLayers': 'Device.WiFi.Radio.2.',
  'Device.WiFi.AccessPoint.1.SSIDReference': 'Device.WiFi.SSID.1.',
  'Device.WiFi.AccessPoint.1.AssociatedDevice.4.MACAddress': 'AA:BB:CC:00:00:04',
  'Device.WiFi.AccessPoint.1.AssociatedDevice.4.SignalStrength': '-61',
  'Device.WiFi.AccessPoint.2.SSIDReference': 'Device.WiFi.SSID.2.',
  'Device.WiFi.AccessPoint.2.AssociatedDevice.7.MACAddress': 'AA:BB:CC:00:00:07',
  'Device.WiFi.AccessPoint.2.AssociatedDevice.7.SignalStrength': '-55',
  'Device.Ethernet.Interface.1.Name': 'LAN1',
  'Device.Ethernet.Interface.1.Status': 'Up',
  'Device.Ethernet.Interface.1.MaxBitRate': '1000',
  'Device.Ethernet.Interface.1.X_AIRLOOM_PoEEnable': 'false',
  'Device.Ethernet.Interface.1.X_AIRLOOM_PoEPower': '0.0',
  SentAt: '1795460000000',
};

const port = (i: number, status: 'Up' | 'Down', poe: string) => ({
  [`Device.Ethernet.Interface.${i}.Name`]: `Port${i}`,
  [`Device.Ethernet.Interface.${i}.Status`]: status,
  [`Device.Ethernet.Interface.${i}.MaxBitRate`]: '1000',
  [`Device.Ethernet.Interface.${i}.X_AIRLOOM_PoEEnable`]: 'true',
  [`Device.Ethernet.Interface.${i}.X_AIRLOOM_PoEPower`]: poe,
});

describe('status telemetry from TR-181 parameters into the device rows', () => {
  it("maps an AP's status event: list columns, radios in dBm, one SSID name per network, clients with their band and SSID", () => {
    const columns = statusEventColumns(AP);
    expect(columns).toMatchObject({ ip: '192.168.1.20', software_version: '2.1.0', clients: 3, uptime: 3600, mesh_mode: null });
    const r = parseReported(columns.reported_json ?? null);
    expect(r.radios).toEqual([
      { band: '2.4GHz', channel: 6, power: 20, noise: -92 },
      { band: '5GHz', channel: 36, power: 23, noise: -95 },
    ]);
    expect(r.ssids).toEqual(['Office']);
    expect(r.wifiClients).toEqual([
      { mac: 'AA:BB:CC:00:00:04', signal: -61, band: '2.4GHz', ssid: 'Office' },
      { mac: 'AA:BB:CC:00:00:07', signal: -55, band: '5GHz', ssid: 'Office' },
    ]);
    expect(r.ports).toEqual([{ name: 'LAN1', up: true, speed: 1000, poePower: null }]);
    expect([r.bytesSent, r.bytesReceived]).toEqual([1000, 2000]);
  });

  it("keeps a switch's PoE per port and gives the budget as total, used (its ports' draw) and remaining W (spec §3)", () => {
    const r = reported({ ...port(1, 'Up', '6.5'), ...port(2, 'Up', '12.3'), ...port(3, 'Down', '0.0'), 'Device.X_AIRLOOM_PoE.PowerBudget': '120' });
    expect(r.ports.map((p) => [p.up, p.speed, p.poePower])).toEqual([[true, 1000, 6.5], [true, 1000, 12.3], [false, 0, 0]]);
    expect(r.poe).toEqual({ total: 120, used: 18.8, remaining: 101.2 });
  });

  it('gives devices without PoE no budget', () => {
    expect(reported(AP).poe).toBeNull();
  });

  it("keeps a mesh secondary's backhaul and drops an incomplete one", () => {
    const backhaul = (hops: string) => ({
      'Device.X_AIRLOOM_MeshBackhaul.ParentSerialNumber': 'AL6MX00000000001',
      'Device.X_AIRLOOM_MeshBackhaul.Hops': hops,
      'Device.X_AIRLOOM_MeshBackhaul.SignalStrength': '-63',
      'Device.X_AIRLOOM_MeshBackhaul.Rate': '390',
    });
    expect(reported(backhaul('2')).backhaul).toEqual({ parentSn: 'AL6MX00000000001', hops: 2, signal: -63, rate: 390 });
    expect(reported(backhaul('0')).backhaul).toBeNull();
    expect(reported({ 'Device.X_AIRLOOM_MeshBackhaul.ParentSerialNumber': 'AL6MX00000000001' }).backhaul).toBeNull();
    expect(reported({}).backhaul).toBeNull();
  });

  it('ignores values that are not numbers where numbers belong, keeping the rest', () => {
    const r = reported({ ...AP, 'Device.WiFi.Radio.1.Channel': 'six', 'Device.WiFi.AccessPoint.1.AssociatedDevice.4.SignalStrength': 'strong' });
    expect(r.radios.map((x) => x.band)).toEqual(['5GHz']);
    expect(r.wifiClients.map((c) => c.mac)).toEqual(['AA:BB:CC:00:00:07']);
  });
});

describe("a switch's MAC table in a status event", () => {
  const entry = (i: number, mac: string, port: string, vlan?: string, type?: string): Record<string, string> => {
    const p = `Device.Ethernet.X_AIRLOOM_MacTable.${i}.`;
    return { [`${p}MACAddress`]: mac, [`${p}Port`]: port, ...(vlan !== undefined ? { [`${p}VLANID`]: vlan } : {}), ...(type ? { [`${p}Type`]: type } : {}) };
  };
  it('is absent (keep the stored one) when the event carries no count, and empty when it carries an empty table', () => {
    expect(statusEventMacTable({ ...entry(1, '02:41:4c:00:00:01', 'Device.Ethernet.Interface.2') })).toBeNull();
    expect(statusEventMacTable({ 'Device.Ethernet.X_AIRLOOM_MacTableNumberOfEntries': '0' })).toEqual([]);
  });
  it('reads each entry: 0-based port from a path or a number, MAC upper case, VLAN, static; leaves out what cannot be read', () => {
    const tree = {
      'Device.Ethernet.X_AIRLOOM_MacTableNumberOfEntries': '6',
      ...entry(1, '02:41:4c:00:00:01', 'Device.Ethernet.Interface.2', '10'),
      ...entry(2, '02-41-4C-00-00-02', '7.', undefined, 'static'),
      ...entry(3, 'not a mac', 'Device.Ethernet.Interface.3'),
      ...entry(4, '02:41:4C:00:00:04', 'Device.WiFi.Radio.1'),
      // the same MAC in the same VLAN twice: the first port is kept
      ...entry(5, '02:41:4C:00:00:01', 'Device.Ethernet.Interface.9', '10'),
      ...entry(6, '02:41:4C:00:00:01', 'Device.Ethernet.Interface.4', '20', 'dynamic'),
    };
    expect(statusEventMacTable(tree)).toEqual([
      { port: 1, mac: '02:41:4C:00:00:01', vlan: 10, static: false },
      { port: 6, mac: '02:41:4C:00:00:02', vlan: 0, static: true },
      { port: 3, mac: '02:41:4C:00:00:01', vlan: 20, static: false },
    ]);
  });
});

describe('the rows of a TR-181 table in a reported tree', () => {
  const tree = {
    'Device.WiFi.Radio.2.Channel': '36',
    'Device.WiFi.Radio.10.Channel': '149',
    'Device.WiFi.Radio.1.Channel': '6',
    'Device.WiFi.Radio.1.OperatingFrequencyBand': '2.4GHz',
    'Device.WiFi.AccessPoint.1.SSIDReference': 'Device.WiFi.SSID.1.',
    'Device.WiFi.AccessPoint.1.AssociatedDevice.2.MACAddress': 'AA:BB:CC:00:00:02',
    'Device.WiFi.AccessPoint.1.AssociatedDevice.1.MACAddress': 'AA:BB:CC:00:00:01',
    'Device.WiFi.RadioNumberOfEntries': '3',
    'Device.WiFi.Radio.x.Channel': '1',
    'Device.WiFi.Radio.3.': '',
    'Device.DeviceInfo.UpTime': '10',
  };

  it('gives each row its parameters by row number in ascending order, nested tables inside their row', () => {
    const radios = instances(tree, 'Device.WiFi.Radio.');
    expect([...radios.keys()]).toEqual([1, 2, 10]);
    expect(radios.get(1)).toEqual({ Channel: '6', OperatingFrequencyBand: '2.4GHz' });
    const ap = instances(tree, 'Device.WiFi.AccessPoint.').get(1)!;
    expect(ap.SSIDReference).toBe('Device.WiFi.SSID.1.');
    expect([...instances(ap, 'AssociatedDevice.')].map(([i, c]) => [i, c.MACAddress])).toEqual([
      [1, 'AA:BB:CC:00:00:01'],
      [2, 'AA:BB:CC:00:00:02'],
    ]);
  });

  it('finds nothing for a table the tree lacks, and the same rows when asked again', () => {
    expect(instances(tree, 'Device.Ethernet.Interface.').size).toBe(0);
    expect(instances({}, 'Device.WiFi.Radio.').size).toBe(0);
    expect(instances(tree, 'Device.WiFi.Radio.')).toEqual(instances({ ...tree }, 'Device.WiFi.Radio.'));
  });
});
