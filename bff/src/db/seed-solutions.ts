// Demo solutions (the live demo's solution designer): a 120-room hotel on 6 floors and a supermarket,
// recommended by the engine itself, with an installer's remarks, the hotel shared with the demo's
// installer. Inserted once per name; never touches other accounts' solutions.
import type { RecommendRequest } from '@airloom/contracts';
import type { Knex } from 'knex';
import { recommend } from '../modules/solutions/engine.js';

interface DemoSolution {
  name: string;
  request: RecommendRequest & { policy: 'balanced' | 'cost' | 'performance'; type: 'wlan' | 'mesh' };
  remarks: Partial<Record<string, string>>;
  sharedWith?: string;
  ageDays: number;
}

const DEMO_SOLUTIONS: DemoSolution[] = [
  {
    name: 'Seaview Hotel — 120 rooms, 6 floors',
    request: {
      scenario: 'hotel', policy: 'balanced', type: 'wlan',
      inputs: { rooms: 120, floors: 6, clientsPerRoom: 3, corridorLengthM: 60, installHeightM: 2.8, cameras: 12 },
      gateway: { clients: 0, lines: 2, bandwidthMbps: 300, functions: ['captivePortal', 'multiWan', 'vlan'] },
    },
    remarks: {
      gateway: 'Ground-floor comms room, 19" rack',
      accessSwitch: 'One per floor, in the service closet by the lift',
      ap: 'Ceiling of every sixth room, near the door; none in the corridor',
    },
    sharedWith: 'installer@netcraft.example',
    ageDays: 3,
  },
  {
    name: 'FreshMart Riverside supermarket',
    request: {
      scenario: 'supermarket', policy: 'cost', type: 'wlan',
      inputs: { areaM2: 2500, floors: 1, installHeightM: 4.5, cameras: 16 },
      gateway: { clients: 150, lines: 1, bandwidthMbps: 500, functions: ['captivePortal', 'vlan'] },
    },
    remarks: {
      ap: 'Above the aisle ends, antennas down; one over the tills',
      accessSwitch: 'Back office, beside the NVR',
    },
    ageDays: 10,
  },
];

export async function seedDemoSolutions(db: Knex | Knex.Transaction, ownerAccountId: number, now: number): Promise<void> {
  for (const s of DEMO_SOLUTIONS) {
    const exists = await db('solutions').where({ owner_account_id: ownerAccountId, name: s.name }).first('id');
    if (exists) continue;
    const r = recommend(s.request);
    const at = now - s.ageDays * 24 * 3_600_000;
    const [id] = await db('solutions').insert({
      owner_account_id: ownerAccountId, name: s.name, scenario: s.request.scenario, custom_scenario_id: null,
      inputs: JSON.stringify(s.request.inputs), gateway: JSON.stringify(s.request.gateway),
      lines: JSON.stringify(r.lines.map((l) => ({ ...l, remark: s.remarks[l.type] ?? '' }))),
      advice: JSON.stringify(r.advice), advantages: JSON.stringify(r.advantages),
      type: s.request.type, policy: s.request.policy, created_at: at, modified_at: at,
    });
    if (s.sharedWith) {
      const guest = (await db('accounts').where({ account: s.sharedWith }).first('id')) as { id: number } | undefined;
      if (guest) await db('solution_shares').insert({ solution_id: Number(id), account_id: Number(guest.id), token_hash: null, created_at: at, expires_at: null });
    }
  }
}
