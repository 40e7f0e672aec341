// The solution PDF end to end through HTTP against a running console (the process `npm start` runs):
// GET /solutions/:id/pdf from the request to the last byte, for ~20 different saved solutions (hotels,
// shops, schools, factories of several sizes), rendered by the one Chromium the console keeps.
// The first document (the browser's start) is a warm-up and not counted. Budget (issue "solution
// designer"): p95 < 1.5 s per document. Short mode (CI): 6 documents.
import { startConsole } from '@airloom/e2e/support';
import { signUp, type ApiSession } from '../src/http';
import { percentile, type Figure } from '../src/stats';

type Request = { scenario: string; inputs: Record<string, number>; gateway: { clients: number; lines: number; bandwidthMbps: number; functions: string[] } };

const SITES: Request[] = [
  { scenario: 'hotel', inputs: { rooms: 120, floors: 6 }, gateway: { clients: 0, lines: 2, bandwidthMbps: 300, functions: ['captivePortal', 'multiWan'] } },
  { scenario: 'hotel', inputs: { rooms: 40, floors: 2 }, gateway: { clients: 0, lines: 1, bandwidthMbps: 200, functions: ['captivePortal'] } },
  { scenario: 'hotel', inputs: { rooms: 400, floors: 20, cameras: 60 }, gateway: { clients: 0, lines: 4, bandwidthMbps: 500, functions: ['vpn', 'multiWan'] } },
  { scenario: 'supermarket', inputs: { areaM2: 2500, cameras: 16 }, gateway: { clients: 150, lines: 1, bandwidthMbps: 500, functions: ['captivePortal'] } },
  { scenario: 'mall', inputs: { areaM2: 30_000, floors: 4, cameras: 120 }, gateway: { clients: 2000, lines: 4, bandwidthMbps: 1000, functions: ['captivePortal', 'loadBalancing'] } },
  { scenario: 'education', inputs: { classrooms: 48, offices: 12, floors: 4 }, gateway: { clients: 0, lines: 2, bandwidthMbps: 500, functions: ['behaviourControl'] } },
  { scenario: 'medical', inputs: { wards: 80, offices: 30, floors: 5 }, gateway: { clients: 0, lines: 2, bandwidthMbps: 300, functions: ['vpn', 'vlan'] } },
  { scenario: 'enterprise', inputs: { offices: 60, areaM2: 3000, floors: 3 }, gateway: { clients: 0, lines: 2, bandwidthMbps: 500, functions: ['vpn', 'multiWan'] } },
  { scenario: 'factory', inputs: { areaM2: 12_000, cameras: 40 }, gateway: { clients: 120, lines: 1, bandwidthMbps: 300, functions: ['vlan'] } },
  { scenario: 'restaurant', inputs: { areaM2: 300 }, gateway: { clients: 60, lines: 1, bandwidthMbps: 200, functions: ['captivePortal'] } },
];

async function saveAll(owner: ApiSession, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const site = SITES[i % SITES.length]!;
    const rec = await owner.call<{ lines: unknown[]; advice: string[]; advantages: string[] }>('POST', '/solutions/recommend', site);
    if (rec.code !== 0) throw new Error(`recommend: ${JSON.stringify(rec).slice(0, 300)}`);
    const saved = await owner.call<{ id: number }>('POST', '/solutions', { ...site, name: `Bench ${site.scenario} ${i + 1}`, ...rec.data, type: 'wlan', policy: 'balanced' });
    if (saved.code !== 0) throw new Error(`save: ${JSON.stringify(saved).slice(0, 300)}`);
    ids.push(saved.data.id);
  }
  return ids;
}

async function pdfOnce(url: string, owner: ApiSession, id: number): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/api/v1/solutions/${id}/pdf`, { headers: { cookie: owner.cookie } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 200 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`PDF ${id}: ${res.status} ${bytes.subarray(0, 200).toString()}`);
  return seconds;
}

export async function solutionsPdfBench(short: boolean): Promise<Figure[]> {
  const app = await startConsole({ env: { DEMO_HISTORY: 'false', SIM_DEMO_FLEET: 'false' } });
  try {
    const owner = await signUp(app.url, () => app.outbox(), `bench-pdf-${Date.now()}@example.com`, 'Bench-pass-1');
    const n = short ? 6 : 20;
    const ids = await saveAll(owner, n + 1);
    const first = await pdfOnce(app.url, owner, ids[0]!); // starts the browser
    const times: number[] = [];
    for (const id of ids.slice(1)) times.push(await pdfOnce(app.url, owner, id));
    const sorted = [...times].sort((a, b) => a - b);
    return [
      { bench: `solution PDF through HTTP, first document (starts Chromium)`, metric: 'wall time', value: first, unit: 's' },
      { bench: `solution PDF through HTTP (${n} documents, median)`, metric: 'wall time', value: percentile(sorted, 50), unit: 's' },
      { bench: `solution PDF through HTTP (${n} documents, p95)`, metric: 'wall time', value: percentile(sorted, 95), unit: 's', budget: { max: 1.5 } },
    ];
  } finally {
    await app.stop();
  }
}
