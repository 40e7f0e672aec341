// The demo projects' configuration (spec §1 live demo): the WLAN hotel's gateway and switches carry
// the settings an installer would have made — two WAN lines, staff/guest/camera VLANs with their DHCP
// pools, a route to head office, port mappings for the recorder, switch VLANs and PoE — written as a
// short history over the past days, so the configuration pages and their history drawers have
// something to show. Written once: a project that has configuration keeps it. The demo's simulated
// devices then receive it through the configuration engine like any device.
import { DEMO_PROJECT_IDS } from '@airloom/contracts';
import { defaultModelOf, defaultSection, deviceModel, sectionSchemaFor, type SectionName } from '@airloom/contracts/config';
import { demoFleet, type DeviceSpec } from '@airloom/device-sim';
import { createBackupStore, createConfigDirectory } from '@airloom/gateway/public';
import type { Knex } from 'knex';

const INSTALLER = 'installer@airloom.example';
const MANAGER = 'it.manager@airloom.example';
const DAY = 86_400_000;

interface Step {
  daysAgo: number;
  actor: string;
  section: SectionName;
  /** undefined: the project gateway's section */
  device?: DeviceSpec;
  body: Record<string, unknown>;
}

const LAN = { id: 1, name: 'VLAN_Default', ip: '192.168.1.1', mask: 24 };
const VLANS = [
  LAN,
  { id: 10, name: 'Staff', ip: '10.10.0.1', mask: 24 },
  { id: 20, name: 'Guests', ip: '10.20.0.1', mask: 22 },
  { id: 30, name: 'Cameras', ip: '10.30.0.1', mask: 24 },
];
const pool = (name: string, vlanId: number, net: string, end: string, type: 'user' | 'ap', leaseMinutes: number) => ({
  name, vlanId, start: `${net}.20`, end, mask: vlanId === 20 ? 22 : 24, gateway: `${net}.1`, dns: ['1.1.1.1', '8.8.8.8'], leaseMinutes, type,
});

function steps(fleet: DeviceSpec[]): Step[] {
  const [core, floor] = fleet.filter((d) => d.type === 'switch');
  const nvr = fleet.find((d) => d.type === 'nvr');
  const out: Step[] = [
    { daysAgo: 9, actor: INSTALLER, section: 'wan', body: { lines: [{ mode: 'dhcp' }, { mode: 'pppoe', user: 'hotel-backup@isp2', password: 'Backup-Line-2024', serviceName: 'ISP2' }] } },
    { daysAgo: 9, actor: INSTALLER, section: 'vlan', body: { vlans: VLANS } },
    {
      daysAgo: 9, actor: INSTALLER, section: 'dhcp',
      body: {
        modes: { server: true, relay: false, snooping: false },
        pools: [pool('lan', 1, '192.168.1', '192.168.1.200', 'ap', 1440), pool('staff', 10, '10.10.0', '10.10.0.250', 'user', 720), pool('guests', 20, '10.20.0', '10.20.3.250', 'user', 60), pool('cameras', 30, '10.30.0', '10.30.0.100', 'user', 10080)],
      },
    },
    { daysAgo: 8, actor: INSTALLER, section: 'routes', body: { routes: [{ destination: '10.100.0.0', mask: 16, nextHop: '192.168.1.254' }] } },
    {
      daysAgo: 8, actor: INSTALLER, section: 'portmap',
      body: { rules: [{ name: 'NVR-web', enabled: true, protocol: 'tcp', external: '8443', internal: '443', internalIp: nvr?.ip ?? '192.168.1.40' }, { name: 'NVR-rtsp', enabled: false, protocol: 'all', external: '554', internal: '554', internalIp: nvr?.ip ?? '192.168.1.40' }] },
    },
    // a later change by the hotel's IT: the guest VLAN renamed
    { daysAgo: 2, actor: MANAGER, section: 'vlan', body: { vlans: VLANS.map((v) => (v.id === 20 ? { ...v, name: 'Guest-WiFi' } : v)) } },
  ];
  if (core) {
    out.push({
      daysAgo: 7, actor: INSTALLER, section: 'switch-vlan', device: core,
      body: {
        qvlan: true, mgmtVlan: 1, mutualAccess: false,
        vlans: [{ id: 10, name: 'Staff', wireless: true }, { id: 20, name: 'Guests', wireless: true }, { id: 30, name: 'Cameras', wireless: false }],
        ports: [{ port: 1, pvid: 1, tagged: [10, 20, 30], untagged: [1], trunk: true, stripped: [] }, { port: 24, pvid: 30, tagged: [], untagged: [30], trunk: false, stripped: [] }],
      },
    });
    out.push({
      daysAgo: 7, actor: INSTALLER, section: 'switch-ports', device: core,
      body: { ports: Array.from({ length: 24 }, (_, i) => ({ port: i + 1, enabled: i < 20, rate: 'auto', duplex: 'auto', remark: i === 0 ? 'Uplink to gateway' : i < 9 ? `AP ${i}` : '' })) },
    });
  }
  if (floor) {
    const model = deviceModel(floor.model) ?? defaultModelOf('switch');
    const poe = defaultSection('poe', model) as { ports: { port: number; enabled: boolean; powerW: number }[] };
    out.push({ daysAgo: 6, actor: INSTALLER, section: 'poe', device: floor, body: { ports: poe.ports.map((p) => (p.port === 8 ? { ...p, enabled: false } : p)) } });
  }
  return out;
}

/** Writes the demo's configuration history once; answers how many versions it wrote. */
export async function seedDemoConfig(db: Knex, now = Date.now()): Promise<number> {
  const projectId = DEMO_PROJECT_IDS.WLAN;
  const directory = createConfigDirectory(db);
  if ((await directory.history(projectId, {})).length > 0) return 0;
  const fleet = demoFleet(projectId);
  const gateway = fleet.find((d) => d.type === 'router')!;
  let written = 0;
  // oldest first: the history lists them newest first by when they were written
  for (const step of steps(fleet).sort((a, b) => b.daysAgo - a.daysAgo)) {
    const device = step.device ?? gateway;
    const model = deviceModel(device.model) ?? defaultModelOf(device.type);
    // the demo must show what the console itself would accept
    const checked = sectionSchemaFor(step.section, { type: device.type, model, lanIp: LAN.ip }).parse(step.body) as Record<string, unknown>;
    await directory.write({
      projectId,
      sn: step.device ? step.device.sn : directory.PROJECT,
      section: step.section,
      body: checked,
      actor: step.actor,
      initial: defaultSection(step.section, model, device.name),
      at: now - step.daysAgo * DAY,
    });
    written++;
  }
  await seedDemoBackups(db, now);
  return written;
}

/**
 * The demo hotel's configuration backups (spec §1): a general backup at the handover and a restore
 * point of the core switch, taken once after the configuration above, so the backup page has something
 * to list, compare and (for a signed-in owner of a copy) restore. A project with backups keeps them.
 */
export async function seedDemoBackups(db: Knex, now = Date.now()): Promise<number> {
  const projectId = DEMO_PROJECT_IDS.WLAN;
  const store = createBackupStore(db);
  if ((await store.list(projectId)).length > 0) return 0;
  const fleet = demoFleet(projectId);
  const core = fleet.find((d) => d.type === 'switch');
  const made: { type: 'general' | 'restore-point'; sn?: string; remark: string; daysAgo: number }[] = [
    { type: 'general', remark: 'Handover to the hotel', daysAgo: 1 },
    ...(core ? [{ type: 'restore-point' as const, sn: core.sn, remark: 'Before the camera VLAN', daysAgo: 0.5 }] : []),
  ];
  for (const m of made) {
    const { snapshot, awaiting, failed } = await store.snapshot(projectId, m.sn);
    const device = m.sn ? fleet.find((d) => d.sn === m.sn) : undefined;
    const at = now - m.daysAgo * DAY;
    const stamp = new Date(at).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    await store.insert({
      projectId,
      type: m.type,
      sn: m.sn ?? '',
      device: device ? { model: device.model, mac: device.mac, type: device.type } : null,
      fileName: `${m.sn ?? 'Demo_Hotel'}-${m.type}-${stamp}.json`,
      remark: m.remark,
      origin: 'manual',
      syncState: failed ? 'failed' : awaiting.length ? 'synchronizing' : 'synchronized',
      snapshot: { ...snapshot, takenAt: new Date(at).toISOString() },
      awaiting,
      at,
      actor: INSTALLER,
    });
  }
  return made.length;
}
