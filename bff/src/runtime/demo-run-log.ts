// The demo projects' run log (spec §1 live demo, docs/data.md "Run log and alarms"): a few days of
// plausible history — an AP that went offline overnight, a configuration applied and one refused,
// a switch over its PoE budget, a busy gateway, interference, clients coming and going — some alarms
// still unread. Written once per start when the project has no history yet; live events follow.
import { DEMO_PROJECT_IDS, type LogEventKey, type LogEventParams } from '@airloom/contracts';
import { appendLogEvents, listRunLog, type NewLogEvent } from '@airloom/gateway/public';
import type { Knex } from 'knex';

const HOUR = 3_600_000;
const MIN = 60_000;

/** The demo fleet's devices as main.ts knows them. */
export interface DemoLoggedDevice {
  sn: string;
  type: string;
  model: string;
  name: string;
  mac: string;
}

interface Step {
  /** how long ago */
  ago: number;
  device: 'ap' | 'ap2' | 'switch' | 'gateway';
  event: LogEventKey;
  params?: LogEventParams;
  read: boolean;
}

// oldest first; alarms of the last day are left unread
const STORY: readonly Step[] = [
  { ago: 71 * HOUR, device: 'gateway', event: 'config.applied', params: { section: 'wan' }, read: true },
  { ago: 70 * HOUR + 40 * MIN, device: 'ap', event: 'config.applied', params: { section: 'wireless-policies' }, read: true },
  { ago: 64 * HOUR, device: 'ap2', event: 'operation.done', params: { operation: 'Restart' }, read: true },
  { ago: 52 * HOUR, device: 'switch', event: 'config.failed', params: { section: 'switch-vlan', error: 'the device refused VLAN 4095' }, read: true },
  { ago: 51 * HOUR + 30 * MIN, device: 'switch', event: 'config.applied', params: { section: 'switch-vlan' }, read: true },
  { ago: 47 * HOUR, device: 'ap', event: 'client.join', params: { client: '5C:E9:1E:21:4A:07', ssid: 'Hotel-Guest' }, read: true },
  { ago: 45 * HOUR + 12 * MIN, device: 'ap', event: 'client.leave', params: { client: '5C:E9:1E:21:4A:07', ssid: 'Hotel-Guest' }, read: true },
  { ago: 33 * HOUR, device: 'ap2', event: 'rogue.ap', params: { bssid: '66:55:44:3A:9C:01', ssid: 'Hotel-Guest', band: '2.4GHz', signal: -61 }, read: true },
  { ago: 30 * HOUR, device: 'switch', event: 'port.down', params: { port: 'eth5' }, read: true },
  { ago: 29 * HOUR + 55 * MIN, device: 'switch', event: 'port.up', params: { port: 'eth5' }, read: true },
  // last night: an AP dropped off at a quarter to midnight and came back in the morning
  { ago: 9 * HOUR + 15 * MIN, device: 'ap2', event: 'device.offline', params: { reason: 'heartbeat-missed' }, read: false },
  { ago: 7 * HOUR, device: 'switch', event: 'poe.overBudget', params: { used: 128.4, budget: 120 }, read: false },
  { ago: 5 * HOUR, device: 'gateway', event: 'cpu.high', params: { cpu: 94 }, read: false },
  { ago: 3 * HOUR, device: 'ap', event: 'client.join', params: { client: 'A4:83:E7:10:22:9B', ssid: 'Hotel-Staff' }, read: false },
  { ago: 2 * HOUR + 2 * MIN, device: 'ap2', event: 'device.online', read: false },
  { ago: 90 * MIN, device: 'ap', event: 'interference.strong', params: { radio: '2.4GHz', noise: -67 }, read: false },
];

/** The story told with the project's own devices (a step whose kind of device the project lacks is left out). */
export function demoRunLog(projectId: number, fleet: readonly DemoLoggedDevice[], now: number): NewLogEvent[] {
  const aps = fleet.filter((d) => d.type === 'ap' || d.type === 'mesh');
  const pick: Record<Step['device'], DemoLoggedDevice | undefined> = {
    ap: aps[0],
    ap2: aps[1] ?? aps[0],
    switch: fleet.find((d) => d.type === 'switch'),
    gateway: fleet.find((d) => d.type === 'gateway' || d.type === 'router'),
  };
  return STORY.flatMap((s) => {
    const d = pick[s.device];
    if (!d) return [];
    return [{ projectId, sn: d.sn, mac: d.mac, model: d.model, deviceName: d.name, t: now - s.ago, event: s.event, ...(s.params ? { params: s.params } : {}), read: s.read }];
  });
}

/** Seeds a demo project's history unless it has some already (rows older than this start); answers how many rows were written. */
export async function seedDemoRunLog(db: Knex, projectId: number, fleet: readonly DemoLoggedDevice[], clock: () => number = Date.now): Promise<number> {
  if (projectId !== DEMO_PROJECT_IDS.WLAN && projectId !== DEMO_PROJECT_IDS.MESH) return 0;
  if (!(await db('projects').where({ id: projectId }).first('id'))) return 0;
  const now = clock();
  const past = await listRunLog(db, projectId, { to: now - MIN }, { page: 1, pageSize: 1 });
  if (past.total > 0) return 0;
  const events = demoRunLog(projectId, fleet, now);
  await appendLogEvents(db, events);
  return events.length;
}
