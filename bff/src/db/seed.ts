// Idempotent demo data (spec §1, §9): projects 500000 (WLAN) and 600000 (MESH) and the live-demo
// account. Runs at every start; inserts only what is missing and never touches user data.
import { DEMO_PROJECT_IDS, DEFAULT_ZONE, NetMode } from '@airloom/contracts';
import type { Knex } from 'knex';
import { withProjectsChange } from './change-counters.js';

export const DEMO_ACCOUNT = 'live-demo@airloom.invalid';

const DEMO_PROJECTS = [
  { id: DEMO_PROJECT_IDS.WLAN, project_name: 'Demo Hotel', net_mode: NetMode.WLAN, scenario: 'hotel', location: 'Shenzhen, Guangdong, China', address: '1 Demo Road' },
  { id: DEMO_PROJECT_IDS.MESH, project_name: 'Demo Home', net_mode: NetMode.MESH, scenario: 'smart-home', location: 'Shenzhen, Guangdong, China', address: '2 Demo Road' },
];

export async function seedDemo(db: Knex, now: number = Date.now()): Promise<void> {
  await db('accounts')
    .insert({ account: DEMO_ACCOUNT, account_kind: 'email', nick: 'Live demo', role: 0, password_hash: null, created_at: now, updated_at: now })
    .onConflict('account')
    .ignore();
  await withProjectsChange(db, async (trx) => {
    for (const p of DEMO_PROJECTS) {
      await trx('projects')
        .insert({ ...p, zone: DEFAULT_ZONE, subtitle: null, owner_account_id: null, created_at: now, updated_at: now })
        .onConflict('id')
        .ignore();
    }
  });
}
