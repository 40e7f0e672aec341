// The demo hotel's Wi-Fi map (spec §1 live demo): one floor, 50 × 30 m, its plan (a jpg drawn from
// the same walls, demo-floor-plan.jpg), walls of several §3 materials and the hotel's 8 APs placed in
// their rooms, so the Wi-Fi map shows a real heatmap as soon as the demo opens. Written once: a
// project that has floors keeps them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEMO_PROJECT_IDS, OBSTACLE_ATTENUATION_DB, isDeviceOnline, type FloorAp, type ObstacleMaterial, type Wall } from '@airloom/contracts';
import type { Knex } from 'knex';
import { createFloorsRepository } from '../modules/floors/floors.repository.js';

export const DEMO_FLOOR = { name: 'Ground floor', width: 1000, height: 600, metresPerPixel: 0.05 } as const;

const wall = (material: ObstacleMaterial, x1: number, y1: number, x2: number, y2: number): Wall => ({ x1, y1, x2, y2, material, lossDb: OBSTACLE_ATTENUATION_DB[material] });

/** The hotel's walls in plan pixels: rooms north and south of a corridor, doors as gaps. */
export const DEMO_WALLS: Wall[] = [
  // outside walls
  wall('concrete', 20, 20, 980, 20),
  wall('concrete', 980, 20, 980, 580),
  wall('concrete', 980, 580, 20, 580),
  wall('concrete', 20, 580, 20, 20),
  // the corridor's north side, a door into each room
  ...[[20, 110], [170, 350], [410, 590], [650, 830], [890, 980]].map(([a, b]) => wall('brick', a!, 250, b!, 250)),
  // its south side
  ...[[20, 130], [190, 430], [490, 760], [820, 980]].map(([a, b]) => wall('brick', a!, 350, b!, 350)),
  // between the north rooms: lobby | office 1 | meeting | warehouse
  wall('plasterboard', 260, 20, 260, 250),
  wall('bearing-wall', 500, 20, 500, 250),
  wall('common-glass', 740, 20, 740, 250),
  // between the south rooms: reception | office 2 | kitchen
  wall('wood', 300, 350, 300, 580),
  wall('coated-glass', 620, 350, 620, 580),
  wall('papered-wall', 820, 450, 980, 450),
];

const AP_PLACES: Record<string, [number, number]> = {
  'AP-Lobby': [140, 135],
  'AP-Office-1': [380, 135],
  'AP-Meeting': [620, 135],
  'AP-Warehouse': [860, 135],
  'AP-Reception': [160, 465],
  'AP-Office-2': [460, 465],
  'AP-Kitchen': [720, 465],
  'AP-Terrace': [900, 520],
};

/** The demo fleet's devices as main.ts knows them (the BFF does not import the simulator here). */
export interface DemoDevice {
  sn: string;
  type: string;
  name: string;
}

export function demoFloorAps(fleet: readonly DemoDevice[]): FloorAp[] {
  return fleet
    .filter((d) => d.type === 'ap')
    .map((d, i) => {
      const [x, y] = AP_PLACES[d.name] ?? [100 + 100 * i, 300];
      return { id: d.sn, sn: d.sn, name: d.name, x, y, txPowerDbm: 20, channel24: 6, channel5: 36 };
    });
}

export function demoFloorPlan(): Buffer {
  return readFileSync(fileURLToPath(new URL('./demo-floor-plan.jpg', import.meta.url)));
}

/** Seeds the demo hotel's floor once; answers how many floors were written (0 or 1). */
export async function seedDemoFloors(db: Knex, fleet: readonly DemoDevice[], clock: () => number = Date.now): Promise<number> {
  const projectId = DEMO_PROJECT_IDS.WLAN;
  if (!(await db('projects').where({ id: projectId }).first('id'))) return 0;
  const repo = createFloorsRepository(db);
  if ((await repo.count(projectId)) > 0) return 0;
  const id = await repo.insert(projectId, { ...DEMO_FLOOR, walls: DEMO_WALLS, aps: demoFloorAps(fleet) }, clock());
  await repo.replaceImage(projectId, id, demoFloorPlan(), {}, clock());
  return 1;
}

/** What the demo's first scan needs of the gateway's device directory. */
export interface DemoScanDevices {
  find(sn: string): Promise<{ status: number } | null>;
  enqueueOperation(input: { projectId: number; sn: string; kind: 'neighbourScan'; accountId: number }): Promise<{ id: number } | null>;
  announce(sn: string, options: { nudge?: boolean; operationId?: number }): Promise<void>;
}

/**
 * The demo hotel's APs scan their neighbours once they are all online (and the gateway has had a
 * moment to subscribe to the results), so the Wi-Fi map's predicted-versus-measured panel opens
 * with data. Answers how many scans were asked for (0 when the APs did not come online in time).
 */
export async function scanDemoFloor(
  db: Knex,
  devices: DemoScanDevices,
  fleet: readonly DemoDevice[],
  options: { waitMs?: number; settleMs?: number; pollMs?: number } = {},
): Promise<number> {
  const { waitMs = 120_000, settleMs = 5_000, pollMs = 1_000 } = options;
  const projectId = DEMO_PROJECT_IDS.WLAN;
  const project = (await db('projects').where({ id: projectId }).first('owner_account_id')) as { owner_account_id: number } | undefined;
  const aps = fleet.filter((d) => d.type === 'ap').map((d) => d.sn);
  if (!project || aps.length === 0) return 0;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());
  const until = Date.now() + waitMs;
  for (;;) {
    const found = await Promise.all(aps.map((sn) => devices.find(sn)));
    if (found.every((d) => d !== null && isDeviceOnline(d.status))) break;
    if (Date.now() > until) return 0;
    await sleep(pollMs);
  }
  await sleep(settleMs);
  let asked = 0;
  for (const sn of aps) {
    const operation = await devices.enqueueOperation({ projectId, sn, kind: 'neighbourScan', accountId: Number(project.owner_account_id) });
    if (!operation) continue;
    asked++;
    await devices.announce(sn, { nudge: true, operationId: operation.id });
  }
  return asked;
}
