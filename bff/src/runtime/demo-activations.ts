// The live demo's activation history (spec §1 data screen): 3,000 activation records of the demo
// projects spread over the last year, across 17 countries, nine device types and three brands, laid
// anew at each start and each UTC midnight relative to today, so the screen's "today", 7-day and
// 30-day panels stay alive in a demo that runs for days (today's records fall between midnight and now).
// Deterministic (a fixed seed): the same day gives the same records. The demo fleet's own devices
// add their real records when they connect.
import { DEMO_PROJECT_IDS, type DeviceType } from '@airloom/contracts';
import type { Knex } from 'knex';
import type { Logger } from '../logger.js';

export const DEMO_ACTIVATIONS = 3000;
const SN_PREFIX = 'DEMOACT';
const DAY = 86_400_000;

const TYPES: [DeviceType, string, number][] = [
  ['ap', 'AL-AP620', 34], ['switch', 'AL-SW1024P', 14], ['router', 'AL-GW1200', 9], ['wrouter', 'AL-WR1800', 9],
  ['mesh', 'AL-MX300', 12], ['cpe', 'AL-CPE510', 5], ['nvr', 'AL-NVR208', 4], ['ipc', 'AL-IPC410', 9], ['v7', 'AL-V7', 4],
];
const BRANDS: [string, number][] = [['Airloom', 70], ['NetHaven', 20], ['Brightwave', 10]];
/** [country, state, city, a public /24 of the place, weight] as the offline GeoIP database places them;
 * every state is a region drawn on its country's region map (GeoLite2 names no region in Singapore,
 * so the demo has none of its records) */
const PLACES: [string, string, string, string, number][] = [
  ['US', 'CA', 'Los Altos', '73.162.10', 12], ['US', 'CA', 'Mill Valley', '24.5.60', 6], ['GB', 'ENG', 'Long Buckby', '81.2.69', 6],
  ['GB', 'ENG', 'Clapham', '86.12.40', 5], ['DE', 'NW', 'Herford', '84.128.5', 7], ['DE', 'BY', 'Lauf an der Pegnitz', '91.64.20', 6],
  ['FR', 'PDL', 'Vendrennes', '90.12.34', 3], ['FR', 'IDF', 'Paris', '83.202.1', 7], ['IT', '25', 'Milan', '151.38.2', 5],
  ['IT', '45', 'Modena', '79.8.9', 2], ['ES', 'VC', 'Calig', '188.77.1', 2], ['ES', 'MD', 'Leganés', '83.32.4', 4],
  ['NL', 'ZH', 'Voorburg', '94.210.3', 4], ['HK', 'HCW', 'Central', '1.36.5', 3], ['AU', 'VIC', 'Melbourne', '101.165.1', 5],
  ['CA', 'ON', 'Toronto', '24.114.3', 4], ['CA', 'ON', 'Oakville', '70.48.1', 2], ['BR', 'PR', 'São José dos Pinhais', '189.4.3', 3],
  ['BR', 'MG', 'Antonio Dias', '177.8.8', 2], ['IN', 'TN', 'Chennai', '106.51.2', 4], ['IN', 'AP', 'Nellore', '49.204.1', 2],
  ['KR', '11', 'Seoul', '175.193.1', 4], ['JP', '13', 'Minato-ku', '60.32.0', 3], ['ZA', 'GP', 'Johannesburg', '41.13.2', 2],
  ['MX', 'MEX', 'Zumpango', '187.188.1', 2], ['TR', '34', 'Istanbul', '85.103.2', 3], ['TR', '06', 'Ankara', '78.160.1', 2],
  ['', '', '', '', 2],
];

/** mulberry32: a small seeded generator, so the demo is the same on every machine */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T extends unknown[]>(items: T[], weightAt: number, r: number): T {
  const total = items.reduce((s, i) => s + (i[weightAt] as number), 0);
  let x = r * total;
  for (const item of items) {
    x -= item[weightAt] as number;
    if (x < 0) return item;
  }
  return items[items.length - 1]!;
}

const startOfDay = (at: number) => Math.floor(at / DAY) * DAY;

/** ms from `now` to the next UTC midnight: when the demo's history is laid anew */
export function untilNextDay(now: number = Date.now()): number {
  return startOfDay(now) + DAY - now;
}

/** The demo's activation records for a given time (what the seed writes). */
export function demoActivations(now: number): Record<string, unknown>[] {
  const random = seeded(500000);
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < DEMO_ACTIVATIONS; i++) {
    // more activations lately: a product line that is growing
    const ageDays = Math.floor(365 * random() ** 1.6);
    // today's fall between midnight (UTC, the screen's day) and now, whatever the hour
    const at = ageDays === 0 ? now - Math.floor(random() * (now - startOfDay(now) + 1)) : now - ageDays * DAY - Math.floor(random() * DAY);
    const [type, model] = pick(TYPES, 2, random());
    const [brand] = pick(BRANDS, 1, random());
    const [country, state, city, net] = pick(PLACES, 4, random());
    const n = String(i + 1).padStart(6, '0');
    const projectId = type === 'mesh' ? DEMO_PROJECT_IDS.MESH : DEMO_PROJECT_IDS.WLAN;
    rows.push({
      sn: `${SN_PREFIX}${type.toUpperCase().padEnd(6, 'X')}${n}`,
      type, model, brand,
      mac: `02:41:4D:${n.slice(0, 2)}:${n.slice(2, 4)}:${n.slice(4)}`,
      public_ip: net ? `${net}.${1 + Math.floor(random() * 253)}` : '',
      country, state, city,
      activated_at: at,
      activated_day: Math.floor(at / DAY),
      updated_at: Math.min(now, at + Math.floor(random() * 30) * DAY),
      project_id: projectId,
      owner_account_id: null,
    });
  }
  return rows;
}

/** Lays the demo's activation history anew (idempotent; other records untouched). */
export async function seedDemoActivations(db: Knex, now: number = Date.now()): Promise<number> {
  const rows = demoActivations(now);
  await db.transaction(async (trx) => {
    await trx('activations').where('sn', 'like', `${SN_PREFIX}%`).delete();
    await trx.batchInsert('activations', rows, 500);
  });
  return rows.length;
}

/**
 * Lays the history now and anew at each UTC midnight (a second after it), so a demo running for days
 * still shows activations today; a failure is logged, never thrown. `stop` ends the schedule.
 */
export async function keepDemoActivations(db: Knex, logger: Logger): Promise<{ stop(): void }> {
  const lay = () =>
    seedDemoActivations(db).then(
      (n) => logger.info({ activations: n }, 'demo activations seeded'),
      (err: unknown) => logger.error({ err }, 'demo activations not seeded'),
    );
  await lay();
  let nextDay: NodeJS.Timeout;
  const atMidnight = () => {
    nextDay = setTimeout(() => void lay().finally(atMidnight), untilNextDay() + 1000);
    nextDay.unref();
  };
  atMidnight();
  return { stop: () => clearTimeout(nextDay) };
}
