// The demo hotel's wireless policies (spec §1 live demo, docs/wireless.md): a staff Wi-Fi on
// WPA2-Enterprise with the hotel's RADIUS server, a guest Wi-Fi with a rate limit and a night shutdown,
// and a hidden IoT network on 2.4 GHz — confirmed, so the simulated APs receive them through the
// configuration engine like any device. Written once: a project that has policies keeps them.
import { DEMO_PROJECT_IDS } from '@airloom/contracts';
import { WirelessPoliciesSectionSchema } from '@airloom/contracts/config';
import { createConfigDirectory } from '@airloom/gateway/public';
import type { Knex } from 'knex';

const DAY = 86_400_000;

export const DEMO_POLICIES = [
  {
    id: 1, name: 'Staff', ssid: 'Harbour-Staff', ssid5: 'Harbour-Staff-5G', band: 'dual', securityMode: 8, cipher: 'aes', keyUpdateCycle: 3600, vlanId: 10, maxClients: 60,
    hidden: false, schedule: null, guest: false, rateLimit: null, radius: { ip: '192.168.1.20', port: 1812, secret: 'Harbour-Radius-2024' }, applyTo: 'all', sns: [],
  },
  {
    id: 2, name: 'Guest', ssid: 'Harbour-Guest', ssid5: 'Harbour-Guest-5G', band: 'dual', securityMode: 4, cipher: 'aes', password: 'Welcome-Harbour', keyUpdateCycle: 0, vlanId: 20,
    maxClients: 48, hidden: false, schedule: [{ start: '02:00', end: '05:00' }], guest: true, rateLimit: { uploadMbps: 10, downloadMbps: 20 }, radius: null, applyTo: 'all', sns: [],
  },
  {
    id: 3, name: 'IoT', ssid: 'Harbour-IoT', band: '2.4g', securityMode: 2, cipher: 'aes', password: 'Sensors-0f-Harbour', keyUpdateCycle: 86400, vlanId: 30, maxClients: 20,
    hidden: true, schedule: null, guest: false, rateLimit: null, radius: null, applyTo: 'all', sns: [],
  },
];

/** Writes the demo hotel's confirmed policies once; answers whether it wrote them. */
export async function seedDemoWireless(db: Knex, now = Date.now()): Promise<boolean> {
  const projectId = DEMO_PROJECT_IDS.WLAN;
  const directory = createConfigDirectory(db);
  if ((await directory.read(projectId, directory.PROJECT, 'wireless-policies', null)).version > 0) return false;
  // the demo must show what the console itself would accept
  const body = WirelessPoliciesSectionSchema.parse({ policies: DEMO_POLICIES }) as Record<string, unknown>;
  await directory.write({ projectId, sn: directory.PROJECT, section: 'wireless-policies', body, actor: 'installer@airloom.example', initial: { policies: [] }, at: now - 8 * DAY });
  return true;
}
