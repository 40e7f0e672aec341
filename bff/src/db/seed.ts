// Idempotent demo data (spec §1, §9): projects 500000 (WLAN) and 600000 (MESH), the live-demo
// account, and the commissioning demo (500100, seed-commissioning.ts). Runs at every start; inserts
// only what is missing and never touches user data.
import { DEMO_PROJECT_IDS, DEFAULT_ZONE, NetMode } from '@airloom/contracts';
import type { Knex } from 'knex';
import { withProjectsChange } from './change-counters.js';
import { seedDemoSolutions } from './seed-solutions.js';
import { seedCommissioningDemo } from './seed-commissioning.js';

export const DEMO_ACCOUNT = 'live-demo@airloom.invalid';

const DEMO_PROJECTS = [
  { id: DEMO_PROJECT_IDS.WLAN, project_name: 'Demo Hotel', net_mode: NetMode.WLAN, scenario: 'hotel', location: 'Shenzhen, Guangdong, China', address: '1 Demo Road' },
  { id: DEMO_PROJECT_IDS.MESH, project_name: 'Demo Home', net_mode: NetMode.MESH, scenario: 'smart-home', location: 'Shenzhen, Guangdong, China', address: '2 Demo Road' },
];

const HOUR_MS = 3_600_000;

/**
 * Accounts the demo projects are shared with (they cannot sign in: no password), so the Permission
 * sharing page of the live demo shows what a site handed over looks like: permanent, timed and
 * expired shares, read-only and read-write.
 */
const DEMO_GUESTS = [
  // shared 30 days ago: for a year, and for 29 days (ended yesterday)
  { account: 'front-desk@demo-hotel.example', nick: 'Front desk', project: DEMO_PROJECT_IDS.WLAN, share_right: 'r', hours: null },
  { account: 'it-support@demo-hotel.example', nick: 'IT support', project: DEMO_PROJECT_IDS.WLAN, share_right: 'rw', hours: 24 * 365 },
  { account: 'installer@netcraft.example', nick: 'Netcraft installer', project: DEMO_PROJECT_IDS.WLAN, share_right: 'rw', hours: 24 * 29 },
  { account: 'family@demo-home.example', nick: 'Family', project: DEMO_PROJECT_IDS.MESH, share_right: 'r', hours: null },
] as const;

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
    for (const g of DEMO_GUESTS) {
      await trx('accounts')
        .insert({ account: g.account, account_kind: 'email', nick: g.nick, role: 0, password_hash: null, created_at: now, updated_at: now })
        .onConflict('account')
        .ignore();
      const guest = (await trx('accounts').where({ account: g.account }).first('id')) as { id: number };
      const sharedAt = now - 30 * 24 * HOUR_MS;
      await trx('project_members')
        .insert({ project_id: g.project, account_id: guest.id, share_right: g.share_right, shared_at: sharedAt, expires_at: g.hours === null ? null : sharedAt + g.hours * HOUR_MS, period_hours: g.hours, shared_by_account_id: null })
        .onConflict(['project_id', 'account_id'])
        .ignore();
    }
  });
  // the solution designer's saved solutions of the live demo
  const demo = (await db('accounts').where({ account: DEMO_ACCOUNT }).first('id')) as { id: number };
  await seedDemoSolutions(db, Number(demo.id), now);
  // a project made from a solution, halfway through commissioning
  await seedCommissioningDemo(db, Number(demo.id), now);
}
