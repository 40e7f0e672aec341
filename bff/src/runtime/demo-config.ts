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
import { nextBackupRun } from '../modules/backups/backup-schedule-time.js';
import { backupRecord } from '../modules/backups/backups.service.js';

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
  if ((await directory.history(projectId, {})).length > 0) {
    // a console that seeded the configuration before schedules existed gets the demo's schedule now
    await seedDemoSchedule(db, now);
    return 0;
  }
  const fleet = demoFleet(projectId);
  const gateway = fleet.find((d) => d.type === 'router')!;
  let written = 0;
  // the backups are taken on their day, between the steps: the handover backup before the guest VLAN's rename, so Compare has a difference to show
  const backups = (await createBackupStore(db).list(projectId)).length > 0 ? [] : demoBackups(fleet);
  // oldest first: the history lists them newest first by when they were written
  for (const step of steps(fleet).sort((a, b) => b.daysAgo - a.daysAgo)) {
    while (backups[0] && backups[0].daysAgo > step.daysAgo) await takeDemoBackup(db, backups.shift()!, now);
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
  for (const b of backups) await takeDemoBackup(db, b, now);
  await seedDemoSchedule(db, now);
  return written;
}

interface DemoBackup {
  type: 'general' | 'restore-point';
  device: DeviceSpec | null;
  remark: string;
  daysAgo: number;
}

/**
 * The demo hotel's configuration backups (spec §1), oldest first: a restore point of the core switch
 * once its VLANs and ports were set, and a general backup at the handover — before the hotel's IT
 * renamed the guest VLAN, so Compare shows `Guest-WiFi → Guests`.
 */
function demoBackups(fleet: DeviceSpec[]): DemoBackup[] {
  const core = fleet.find((d) => d.type === 'switch');
  return [
    ...(core ? [{ type: 'restore-point' as const, device: core, remark: 'Core switch as installed', daysAgo: 6.5 }] : []),
    { type: 'general' as const, device: null, remark: 'Handover to the hotel', daysAgo: 3 },
  ];
}

/**
 * One demo backup of the configuration as written so far. The story is that the devices had
 * confirmed it on that day; the seed writes the history at once with no device to confirm it, so the
 * snapshot says so itself (reported = desired, synchronized) instead of awaiting versions a later
 * step replaces (which would read "failed").
 */
async function takeDemoBackup(db: Knex, b: DemoBackup, now: number): Promise<void> {
  const projectId = DEMO_PROJECT_IDS.WLAN;
  const store = createBackupStore(db);
  const project = (await db('projects').where({ id: projectId }).first('id', 'project_name')) as { id: number; project_name: string } | undefined;
  if (!project) return;
  const record = await backupRecord(store, project, { type: b.type, device: b.device, remark: b.remark, origin: 'manual', actor: INSTALLER }, now - b.daysAgo * DAY);
  const sections = record.snapshot.sections.map((x) => ({ ...x, reported: x.body, reportedVersion: x.version }));
  await store.insert({ ...record, snapshot: { ...record.snapshot, sections }, syncState: 'synchronized', awaiting: [] });
}

/**
 * The demo hotel's backup schedule: every day at 03:00 of the project's zone, keeping the newest 14,
 * with the scheduled backups of the last three nights in the list. Once: a project with a schedule
 * keeps it. The console's job then takes the next runs like any project's.
 */
export async function seedDemoSchedule(db: Knex, now = Date.now()): Promise<boolean> {
  const projectId = DEMO_PROJECT_IDS.WLAN;
  const store = createBackupStore(db);
  if (await store.schedule(projectId)) return false;
  const project = (await db('projects').where({ id: projectId }).first('project_name', 'zone')) as { project_name: string; zone: string } | undefined;
  if (!project) return false;
  const schedule = { mode: 'daily' as const, weekday: 1, hour: 3, keep: 14 };
  const next = nextBackupRun(schedule, project.zone, now)!;
  // the three runs before the next one: a day apart
  for (const daysBefore of [3, 2, 1]) {
    const taking = { type: 'general' as const, device: null, remark: '', origin: 'scheduled' as const, actor: null, keepScheduled: schedule.keep };
    await store.insert(await backupRecord(store, { id: projectId, project_name: project.project_name }, taking, next - daysBefore * DAY));
  }
  const last = next - DAY;
  await store.saveSchedule(projectId, { ...schedule, nextRunAt: next, at: last - 3 * DAY, actor: INSTALLER });
  await db('config_backup_schedules').where({ project_id: projectId }).update({ last_run_at: last, last_result: 'taken', last_backup_id: (await store.scheduledSince(projectId, last))?.id ?? null });
  return true;
}
