// Upload abuse against a running console (the same process `npm start` runs): every refusal case of
// the upload abuse list (@airloom/bff/upload-abuse: over-size declared, chunked and lied about, the
// wrong type by content, compression bombs, hostile names) across every upload endpoint, timed from
// the first byte sent to the end of the answer, with the console's memory growth read from
// /proc/<pid>/status: VmHWM after the case against VmRSS before it, the peak reset between cases
// through /proc/<pid>/clear_refs (else VmRSS sampled every 5 ms). Budgets (docs/uploads.md): each
// refused in < 2 s, with < 100 MB RSS growth, with its code, and no file left in the data directory
// or the console's temp directory. Short mode (CI): each case once; full mode: three times, the
// worst counts.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { abuseCases, sendAbuse, type AbuseCase, type AbuseContext } from '@airloom/bff/upload-abuse';
import { startConsole } from '@airloom/e2e/support';
import { signUp } from '../src/http';
import type { Figure } from '../src/stats';

const KEY = `bench-uploads-${Date.now()}`;
const BUDGET_MS = 2000;
const BUDGET_MB = 100;
// the database and the dev outbox change with every request
const CHANGING = /(\.sqlite(-wal|-shm|-journal)?|outbox\.jsonl|manufacturer\.key)$/;

function files(dirs: string[]): Set<string> {
  const out = new Set<string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (!CHANGING.test(p)) out.add(p);
    }
  };
  for (const d of dirs) walk(d);
  return out;
}

/** kB of a /proc/<pid>/status line, e.g. VmRSS */
function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(m[1]);
}

/** Resets the peak RSS (Linux ≥ 4.0); false when this kernel or its settings do not allow it. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

interface Measured {
  c: AbuseCase;
  ms: number;
  mb: number;
  status: number;
  code: number | undefined;
  problem: string | null;
}

async function measure(url: string, pid: number, ctx: AbuseContext, dirs: string[], c: AbuseCase): Promise<Measured> {
  const before = files(dirs);
  const peakResets = resetPeak(pid);
  const baseline = statusKb(pid, 'VmRSS');
  let sampled = baseline;
  const sampler = peakResets ? undefined : setInterval(() => { sampled = Math.max(sampled, statusKb(pid, 'VmRSS')); }, 5);
  const answer = await sendAbuse(url, c.request(ctx), 15_000).finally(() => clearInterval(sampler));
  const peak = peakResets ? statusKb(pid, 'VmHWM') : Math.max(sampled, statusKb(pid, 'VmRSS'));
  const left = [...files(dirs)].filter((f) => !before.has(f));
  const expected = c.expect === 'accepted' ? 0 : c.expect.code;
  let problem: string | null = null;
  if (answer.error) problem = answer.error;
  else if (answer.body?.code !== expected) problem = `answered ${JSON.stringify(answer.body)?.slice(0, 200)}, expected code ${expected}`;
  else if (left.length > 0) problem = `left ${left.join(', ')}`;
  return { c, ms: answer.ms, mb: Math.max(0, peak - baseline) / 1024, status: answer.status, code: answer.body?.code, problem };
}

export async function uploadsBench(short: boolean): Promise<Figure[]> {
  // the console's temp directory is one of its own, so a file left there is the console's
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'airloom-bench-uploads-'));
  const app = await startConsole({ env: { DEMO_HISTORY: 'false', SIM_DEMO_FLEET: 'false', AIRLOOM_MANUFACTURER_KEY: KEY, TMPDIR: tmp } });
  try {
    const owner = await signUp(app.url, () => app.outbox(), `bench-uploads-${Date.now()}@example.com`, 'Bench-pass-1');
    const project = await owner.call<{ id: number }>('POST', '/projects', { projectName: 'Uploads', scenario: 'hotel' });
    const floor = await owner.call<{ id: number }>('POST', `/projects/${project.data.id}/floors`, { name: 'Ground' });
    if (project.code !== 0 || floor.code !== 0) throw new Error(`setup refused: ${JSON.stringify({ project, floor })}`);
    const ctx: AbuseContext = { cookie: owner.cookie, projectId: project.data.id, floorId: floor.data.id, manufacturerKey: KEY };
    const dirs = [app.dataDir, tmp];
    // refusals only: an accepted upload under a hostile name is the integration test's
    const cases = abuseCases().filter((c) => c.expect !== 'accepted');
    const runs = short ? 1 : 3;
    const worst = new Map<AbuseCase, Measured>();
    for (let run = 0; run < runs; run++) {
      for (const c of cases) {
        const m = await measure(app.url, app.pid, ctx, dirs, c);
        const w = worst.get(c);
        worst.set(c, w ? { ...m, ms: Math.max(w.ms, m.ms), mb: Math.max(w.mb, m.mb), problem: w.problem ?? m.problem } : m);
      }
    }
    const rows = [...worst.values()];
    console.log(`\nUpload abuse (${runs} run${runs > 1 ? 's' : ''}, worst): endpoint × kind → time to the refusal, console RSS growth, code`);
    console.log(`${'endpoint'.padEnd(19)} ${'abuse'.padEnd(32)} ${'ms'.padStart(7)} ${'RSS MB'.padStart(7)} ${'HTTP'.padStart(4)} ${'code'.padStart(4)}`);
    for (const r of rows) {
      const flag = r.problem ? `  ← ${r.problem}` : r.ms > BUDGET_MS || r.mb > BUDGET_MB ? '  ← over budget' : '';
      console.log(`${r.c.endpoint.padEnd(19)} ${r.c.kind.padEnd(32)} ${r.ms.toFixed(0).padStart(7)} ${r.mb.toFixed(1).padStart(7)} ${String(r.status).padStart(4)} ${String(r.code).padStart(4)}${flag}`);
    }
    const endpoints = [...new Set(rows.map((r) => r.c.endpoint))];
    return [
      ...endpoints.flatMap((e): Figure[] => {
        const of = rows.filter((r) => r.c.endpoint === e);
        return [
          { bench: `upload abuse, ${e} (${of.length} refusals, slowest)`, metric: 'time to the refusal', value: Math.max(...of.map((r) => r.ms)), unit: 'ms', budget: { max: BUDGET_MS } },
          { bench: `upload abuse, ${e} (${of.length} refusals, largest)`, metric: 'console RSS growth', value: Math.max(...of.map((r) => r.mb)), unit: 'MB', budget: { max: BUDGET_MB } },
        ];
      }),
      { bench: `upload abuse (${rows.length} cases)`, metric: 'wrong code, dropped connection or file left', value: rows.filter((r) => r.problem).length, unit: 'cases', budget: { max: 0 } },
    ];
  } finally {
    await app.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}
