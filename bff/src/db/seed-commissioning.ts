// The commissioning demo (docs/decisions/commissioning.md): a 40-room inn designed by the demo's
// installer and turned into a project of 17 planned devices, halfway through commissioning. The
// project and its planned places are seeded here; the devices already installed (10, of them 7
// online) are simulated by the demo fleet (runtime/demo-fleet.ts), which reads COMMISSIONING_DEMO.
// The live demo looks at it read-only. Inserted once; never touches other projects.
import { DEFAULT_ZONE, NetMode, type SolutionLine } from '@airloom/contracts';
import type { Knex } from 'knex';
import { withProjectsChange } from './change-counters.js';

/** What the commissioning demo plans, per solution line, and how far installation has got. */
export interface CommissioningDemoLine extends Omit<SolutionLine, 'remark'> {
  /** the device type the simulator runs for this model */
  deviceType: 'router' | 'switch' | 'ap';
  /** devices of this model already in the project (bound) */
  installed: number;
  /** of those, the ones that connect (the rest are registered but not powered yet) */
  online: number;
}

export const COMMISSIONING_DEMO = {
  /** below the first id of ordinary projects (1,000,000) and clear of the two demo projects */
  projectId: 500_100,
  projectName: 'Harbour Inn',
  solutionName: 'Harbour Inn — 40 rooms, 3 floors',
  installer: 'installer@netcraft.example',
  lines: [
    { type: 'gateway', model: 'AL-GW1200', quantity: 1, reason: '1 gateway: 120 clients on 2 broadband lines', deviceType: 'router', installed: 1, online: 1 },
    { type: 'coreSwitch', model: 'AL-SW1024P', quantity: 1, reason: '1 core switch: joins the 3 access switches and the gateway', deviceType: 'switch', installed: 1, online: 1 },
    { type: 'accessSwitch', model: 'AL-SW1008P', quantity: 3, reason: '3 access switches: one per floor, 4 APs each within a 120 W PoE budget', deviceType: 'switch', installed: 2, online: 1 },
    { type: 'ap', model: 'AL-AP620', quantity: 12, reason: '12 APs: coverage-bound, 4 per floor over 3 floors', deviceType: 'ap', installed: 6, online: 4 },
  ] satisfies CommissioningDemoLine[],
} as const;

export async function seedCommissioningDemo(db: Knex, liveDemoAccountId: number, now: number): Promise<void> {
  const d = COMMISSIONING_DEMO;
  if (await db('projects').where({ id: d.projectId }).first('id')) return;
  const installer = (await db('accounts').where({ account: d.installer }).first('id')) as { id: number } | undefined;
  if (!installer) return;
  const designedAt = now - 14 * 24 * 3_600_000;
  await withProjectsChange(db, async (trx) => {
    await trx('projects').insert({
      id: d.projectId, project_name: d.projectName, net_mode: NetMode.WLAN, scenario: 'hotel', location: 'Shenzhen, Guangdong, China', address: '3 Harbour Road',
      zone: DEFAULT_ZONE, subtitle: null, owner_account_id: installer.id, created_at: designedAt, updated_at: designedAt,
    });
    const [solutionId] = await trx('solutions').insert({
      owner_account_id: installer.id, name: d.solutionName, scenario: 'hotel', custom_scenario_id: null,
      inputs: JSON.stringify({ rooms: 40, floors: 3 }), gateway: JSON.stringify({ clients: 120, lines: 2, bandwidthMbps: 300, functions: ['captivePortal'] }),
      lines: JSON.stringify(d.lines.map((l) => ({ type: l.type, model: l.model, quantity: l.quantity, reason: l.reason, remark: '' }))),
      advice: JSON.stringify([]), advantages: JSON.stringify([]), type: 'wlan', policy: 'balanced', created_at: designedAt, modified_at: designedAt,
    });
    // the planned places, as "Design → project" makes them; serial numbers take them as devices join
    await trx('project_planned_devices').insert(
      d.lines.flatMap((l) => Array.from({ length: l.quantity }, () => ({ project_id: d.projectId, solution_id: Number(solutionId), model: l.model, kind: l.type, sn: null, bound_at: null }))),
    );
    // the live demo follows the installation read-only
    await trx('project_members').insert({ project_id: d.projectId, account_id: liveDemoAccountId, share_right: 'r', shared_at: designedAt, expires_at: null, period_hours: null, shared_by_account_id: installer.id });
  });
}
