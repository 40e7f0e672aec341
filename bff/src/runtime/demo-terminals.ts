// The demo hotel's hand-added terminals (spec §5 "Topology", §1 live demo): a printer and an IP phone
// on free ports of a switch, so the topology shows what a hand-added terminal looks like.
// Written once: a project that has terminals keeps them.
import { DEMO_PROJECT_IDS, type TerminalKind } from '@airloom/contracts';
import { deviceModel } from '@airloom/contracts/config';
import type { Knex } from 'knex';
import { createTerminalsRepository, type TerminalFields } from '../modules/terminals/terminals.repository.js';

/** The demo fleet's devices as main.ts knows them, with the cables the simulator wires (0-based local ports). */
export interface DemoCabledDevice {
  sn: string;
  type: string;
  model: string;
  name: string;
  links?: readonly { port: number }[];
}

const DEMO_TERMINALS: ReadonlyArray<Omit<TerminalFields, 'sn' | 'port'> & { kind: TerminalKind }> = [
  { kind: 'printer', model: 'HP LaserJet Pro', name: 'Front desk printer', ip: '192.168.1.200', mac: '3C:52:82:10:20:30', vlan: 10 },
  { kind: 'ip-phone', model: 'Yealink T31P', name: 'Reception phone', ip: '192.168.1.201', mac: '80:5E:C0:40:50:60', vlan: 20 },
];

const freePorts = (d: DemoCabledDevice): number[] => {
  const cabled = new Set((d.links ?? []).map((l) => l.port + 1));
  const free: number[] = [];
  for (let p = deviceModel(d.model)?.ports.count ?? 0; p >= 1; p--) if (!cabled.has(p)) free.push(p);
  return free;
};

/** Where the demo terminals go: the switch with the most free ports, on its highest ports no cable is on. */
export function demoTerminals(fleet: readonly DemoCabledDevice[]): TerminalFields[] {
  const sw = fleet.filter((d) => d.type === 'switch').sort((a, b) => freePorts(b).length - freePorts(a).length)[0];
  if (!sw) return [];
  return freePorts(sw).slice(0, DEMO_TERMINALS.length).map((port, i) => ({ ...DEMO_TERMINALS[i]!, sn: sw.sn, port }));
}

/** Seeds the demo hotel's terminals once; answers how many were written. */
export async function seedDemoTerminals(db: Knex, fleet: readonly DemoCabledDevice[], clock: () => number = Date.now): Promise<number> {
  const projectId = DEMO_PROJECT_IDS.WLAN;
  if (!(await db('projects').where({ id: projectId }).first('id'))) return 0;
  const repo = createTerminalsRepository(db);
  if ((await repo.list(projectId)).length > 0) return 0;
  const rows = demoTerminals(fleet);
  for (const row of rows) await repo.insert(projectId, row, clock());
  return rows.length;
}
