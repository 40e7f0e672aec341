// The demo hotel's blacklist (spec §1 live demo, §9 blacklist): two devices the hotel keeps off its
// Wi-Fi, delivered to the hotel's APs like any blacklist (section wifi-acl). Its clients need no
// seeding: they are the simulated fleet's, reported every status period. Written once.
import { DEMO_PROJECT_IDS, LIMITS } from '@airloom/contracts';
import { createClientDirectory, type Bus } from '@airloom/gateway/public';
import type { Knex } from 'knex';

export const DEMO_BLACKLIST: readonly { mac: string; note: string }[] = [
  { mac: '5A:3F:91:0C:22:7E', note: 'Unknown scanner in the car park' },
  { mac: '9E:14:B2:6D:08:C1', note: 'Former employee laptop' },
];

/** Seeds the demo hotel's blacklist once; answers how many entries were written. */
export async function seedDemoBlacklist(db: Knex, bus?: Pick<Bus, 'nudge' | 'publishEvent' | 'ask'>): Promise<number> {
  const projectId = DEMO_PROJECT_IDS.WLAN;
  if (!(await db('projects').where({ id: projectId }).first('id'))) return 0;
  const clients = createClientDirectory(db, bus);
  if ((await clients.blacklist(projectId)).length > 0) return 0;
  let n = 0;
  for (const entry of DEMO_BLACKLIST) {
    const added = await clients.addToBlacklist({ projectId, mac: entry.mac, note: entry.note, accountId: null, actor: null, max: LIMITS.blacklistMax });
    if (typeof added !== 'string') n++;
  }
  return n;
}
