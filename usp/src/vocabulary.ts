// The TR-181 paths the gateway and the simulator share (ARCHITECTURE §1, §5): standard ones and the
// `X_AIRLOOM_` vendor extensions. The `Device.X_AIRLOOM_Status!` event carries device state as
// parameters of this tree (full paths as argument names), never the console's API shapes, so a
// change to the API cannot change the device protocol.

import { pathMatcher } from './paths.js';

export const TR181 = {
  upTime: 'Device.DeviceInfo.UpTime',
  /** percent, the whole device (TR-181 ProcessStatus) */
  cpuUsage: 'Device.DeviceInfo.ProcessStatus.CPUUsage',
  /** KiB (TR-181 MemoryStatus) */
  memoryTotal: 'Device.DeviceInfo.MemoryStatus.Total',
  memoryFree: 'Device.DeviceInfo.MemoryStatus.Free',
  softwareVersion: 'Device.DeviceInfo.SoftwareVersion',
  name: 'Device.DeviceInfo.X_AIRLOOM_Name',
  meshRole: 'Device.X_AIRLOOM_MeshRole',
  ipAddress: 'Device.IP.Interface.1.IPv4Address.1.IPAddress',
  bytesSent: 'Device.IP.Interface.1.Stats.BytesSent',
  bytesReceived: 'Device.IP.Interface.1.Stats.BytesReceived',
  /** wireless and wired clients the device knows (Device.Hosts.Host.{i}.) */
  hostCount: 'Device.Hosts.HostNumberOfEntries',
  host: 'Device.Hosts.Host.',
  /** vendor (docs/devices.md): the MACs no AccessPoint of the device lets associate, comma-separated */
  deniedMacs: 'Device.WiFi.X_AIRLOOM_DeniedMACAddress',
  radio: 'Device.WiFi.Radio.',
  ssid: 'Device.WiFi.SSID.',
  accessPoint: 'Device.WiFi.AccessPoint.',
  ethernet: 'Device.Ethernet.Interface.',
  poe: 'Device.X_AIRLOOM_PoE.',
  meshBackhaul: 'Device.X_AIRLOOM_MeshBackhaul.',
  /** LLDP neighbours seen on the device's Ethernet ports (TR-181 Device.LLDP.Discovery.Device.{i}.) */
  lldpNeighbour: 'Device.LLDP.Discovery.Device.',
  /**
   * vendor (docs/topology.md): a switch's learnt MAC address table (its forwarding database), one
   * instance per MAC and VLAN with the Ethernet interface it was learnt on. TR-181 has none: Bridging
   * models the configuration (ports, VLANs, filters), Hosts the device's own IP hosts.
   */
  macTable: 'Device.Ethernet.X_AIRLOOM_MacTable.',
  /** present in a status event only when the table rides in it (on change, or every few reports) */
  macTableEntries: 'Device.Ethernet.X_AIRLOOM_MacTableNumberOfEntries',
  /** the gateway's route table: its own routes (StaticRoute=false) and the console's static ones */
  routeTable: 'Device.Routing.Router.1.IPv4Forwarding.',
  /** safe apply (vendor, docs/devices.md): Timeout > 0 arms the rollback timer, 0 confirms */
  safeApplyTimeout: 'Device.X_AIRLOOM_SafeApply.Timeout',
  /** Idle | Armed | Confirmed | RolledBack */
  safeApplyStatus: 'Device.X_AIRLOOM_SafeApply.Status',
  /**
   * The device's local administrator (its own web page and console): TR-181 Device.Users.User.{i}.,
   * instance 1 being `admin`. Password is a hidden parameter: a Get answers an empty string.
   */
  adminUser: 'Device.Users.User.1.',
  adminPassword: 'Device.Users.User.1.Password',
  /** vendor (docs/devices.md): cloud | local — who manages the device's settings (spec §3 management mode) */
  managementMode: 'Device.X_AIRLOOM_ManagementMode',
} as const;

/** The vendor status event: sent every PeriodicNotifInterval to its subscriber. */
export const STATUS_EVENT = 'Device.X_AIRLOOM_Status!';

/**
 * What the status event carries: these parameters (`*` = every instance) and, for a partial path,
 * its whole subtree. Only what the console reads, to keep each report small.
 */
export const STATUS_EVENT_PATHS: readonly string[] = [
  TR181.upTime,
  TR181.softwareVersion,
  TR181.name,
  TR181.meshRole,
  TR181.ipAddress,
  TR181.bytesSent,
  TR181.bytesReceived,
  TR181.hostCount,
  TR181.cpuUsage,
  TR181.memoryTotal,
  TR181.memoryFree,
  ...['OperatingFrequencyBand', 'Channel', 'X_AIRLOOM_TransmitPowerdBm', 'Stats.Noise'].map((p) => `${TR181.radio}*.${p}`),
  ...['SSID', 'LowerLayers'].map((p) => `${TR181.ssid}*.${p}`),
  `${TR181.accessPoint}*.SSIDReference`,
  // the clients (spec §3 online client): TR-181 AssociatedDevice statistics and the Hosts table's names
  ...['MACAddress', 'SignalStrength', 'Stats.BytesSent', 'Stats.BytesReceived', 'LastDataDownlinkRate', 'LastDataUplinkRate'].map((p) => `${TR181.accessPoint}*.AssociatedDevice.*.${p}`),
  ...['PhysAddress', 'IPAddress', 'HostName', 'Layer1Interface'].map((p) => `${TR181.host}*.${p}`),
  ...['Name', 'Status', 'MaxBitRate', 'CurrentBitRate', 'X_AIRLOOM_PoEEnable', 'X_AIRLOOM_PoEPower'].map((p) => `${TR181.ethernet}*.${p}`),
  `${TR181.poe}PowerBudget`,
  TR181.meshBackhaul,
  ...['Interface', 'ChassisIDSubtype', 'ChassisID', 'PortIDSubtype', 'PortID'].map((p) => `${TR181.lldpNeighbour}*.${p}`),
  // a switch's MAC table: sent when it changed or every MAC_TABLE_EVERY reports (docs/topology.md)
  TR181.macTableEntries,
  ...['MACAddress', 'Port', 'VLANID', 'Type'].map((p) => `${TR181.macTable}*.${p}`),
  // per radio and per port figures of the time series (docs/data.md): counters and the radio's busy share
  ...['Stats.BytesSent', 'Stats.BytesReceived', 'ChannelUtilization'].map((p) => `${TR181.radio}*.${p}`),
  ...['Stats.BytesSent', 'Stats.BytesReceived'].map((p) => `${TR181.ethernet}*.${p}`),
];

/** A switch sends its MAC table in a status report when the table changed, and at least every this many reports. */
export const MAC_TABLE_EVERY = 10;

/** The status event's own argument besides the tree: when the agent emitted it (ms UTC). */
export const STATUS_EVENT_SENT_AT = 'SentAt';

/** Whether a full parameter path belongs in the status event. */
export function inStatusEvent(path: string): boolean {
  return statusEventMatcher(path);
}
// every simulated device tests its whole tree against this list at each report: one compiled matcher
const statusEventMatcher = pathMatcher(STATUS_EVENT_PATHS);
