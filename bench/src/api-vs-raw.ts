// The console's device list against the raw limit, side by side in one run: GET
// /api/v1/projects/500000/devices (the demo hotel's 15 devices, a live-demo session, SQLite) and a bare
// node:http server reading the same rows from the same file (raw-devices-server.ts), both driven by
// autocannon with 50 requests in flight, in pairs of rounds (the ratio: the median pair's). The aim is
// the console within 2× of the raw server: medians measured on this 2-core machine at 1.5–1.8×
// (docs/performance.md: where the time goes); the budget is the aim with a tenth's margin for a loaded
// CI machine (≤ 2.2×).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { DEMO_PROJECT_IDS } from '@airloom/contracts';
import { startConsole } from '@airloom/e2e/support';
import { apiSession } from './http';
import { percentile, type Figure } from './stats';

const CONCURRENCY = 50;
const DEMO_HOTEL_DEVICES = 15;
const here = path.dirname(fileURLToPath(import.meta.url));

interface Measured { throughput: number; p50: number; p975: number; cpuPerRequest: number; slowest: number }

/** CPU time (user + system) a process has used so far, in µs (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

function load(url: string, pid: number, amount: number, headers: Record<string, string>): Promise<Measured> {
  const latencies: number[] = [];
  let failures = 0;
  const started = process.hrtime.bigint();
  let lastAnswer = started;
  const cpuBefore = cpuMicros(pid);
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONCURRENCY, amount, headers }, (err, result) => {
      if (err) return reject(err);
      if (failures > 0 || result.errors > 0) return reject(new Error(`${url}: ${failures} non-200 answers, ${result.errors} errors`));
      latencies.sort((a, b) => a - b);
      // from the start to the last answer: autocannon calls back on its next one-second tick
      const seconds = Number(lastAnswer - started) / 1e9;
      const cpuPerRequest = (cpuMicros(pid) - cpuBefore) / latencies.length;
      resolve({ throughput: latencies.length / seconds, p50: percentile(latencies, 50), p975: percentile(latencies, 97.5), cpuPerRequest, slowest: latencies.at(-1) ?? 0 });
    });
    instance.on('response', (_client, status, _bytes, ms) => {
      lastAnswer = process.hrtime.bigint();
      latencies.push(ms);
      if (status !== 200) failures++;
    });
  });
}

/**
 * Waits until the process is at rest (under a tenth of a core for a second, at most 60 s): the console
 * scans the demo floor and binds the demo fleet as it starts, work the raw server never does, which
 * the first round would otherwise share its time with.
 */
async function quiet(pid: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (let before = cpuMicros(pid); Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuMicros(pid);
    if (now - before < 100_000) return;
    before = now;
  }
}

function startRaw(file: string, project: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'raw-devices-server.ts'), file, String(project)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`raw server exited with ${code}`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve({ url: `http://127.0.0.1:${chunk.toString().trim()}`, child }));
  });
}

export async function apiVsRaw(requestsPerRound: number, pairs: number): Promise<Figure[]> {
  const project = DEMO_PROJECT_IDS.WLAN;
  const app = await startConsole({ env: { DEMO_HISTORY: 'false' } });
  let raw: { url: string; child: ChildProcess } | undefined;
  try {
    const visitor = apiSession(app.url);
    const signedIn = await visitor.call('POST', '/auth/demo', {});
    if (signedIn.code !== 0) throw new Error(`demo sign-in failed: ${JSON.stringify(signedIn)}`);
    // the demo fleet binds its devices as it starts: wait for all of them
    const deadline = Date.now() + 120_000;
    let list = await visitor.call<{ items: unknown[] }>('GET', `/projects/${project}/devices`);
    while (list.code === 0 && list.data.items.length < DEMO_HOTEL_DEVICES && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      list = await visitor.call<{ items: unknown[] }>('GET', `/projects/${project}/devices`);
    }
    if (list.code !== 0 || list.data.items.length < DEMO_HOTEL_DEVICES) throw new Error(`unexpected device list ${JSON.stringify(list).slice(0, 200)}`);
    raw = await startRaw(path.join(app.dataDir, 'airloom.sqlite'), project);

    const consoleUrl = `${app.url}/api/v1/projects/${project}/devices`;
    const consoleHeaders = { cookie: visitor.cookie, accept: 'application/json' };
    const rawUrl = `${raw.url}/`;
    // warm-up: JIT and caches settle, the console's start-up work ends; then the two in turn, in pairs.
    // The ratio is the median of the pairs' ratios: each pair's two rounds run back to back, so a
    // machine that speeds up or slows down during the run (another VM, the CPU's clock) moves both
    // sides of a pair and cancels out, where the best round of each side could come from different moments.
    const rawPid = raw.child.pid!;
    // (the console's first 2,000 requests still cost half as much again as later ones: its JIT settles later)
    await load(rawUrl, rawPid, 5000, {});
    await load(consoleUrl, app.pid, 10_000, consoleHeaders);
    await quiet(app.pid);
    const rounds: { raw: Measured; console: Measured; ratio: number }[] = [];
    for (let i = 0; i < pairs; i++) {
      const pair = { raw: await load(rawUrl, rawPid, requestsPerRound, {}), console: await load(consoleUrl, app.pid, requestsPerRound, consoleHeaders) };
      rounds.push({ ...pair, ratio: pair.raw.throughput / pair.console.throughput });
      // BENCH_DEBUG=1 prints each pair's rounds (a pair far from the others: its CPU per request and slowest answer tell why)
      if (process.env.BENCH_DEBUG) console.log(`api-vs-raw: ${JSON.stringify(pair)}`);
    }
    console.log(`api-vs-raw: throughput ratio raw/console per pair: ${rounds.map((x) => x.ratio.toFixed(2)).join(', ')}`);
    const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)]!;
    const r = median.raw;
    const c = median.console;
    const bench = `api GET /projects/:id/devices vs raw (SQLite, ${list.data.items.length} devices, ${CONCURRENCY} concurrent)`;
    return [
      { bench, metric: 'raw throughput', value: r.throughput, unit: 'req/s' },
      { bench, metric: 'console throughput', value: c.throughput, unit: 'req/s' },
      { bench, metric: 'raw p97.5', value: r.p975, unit: 'ms' },
      { bench, metric: 'console p97.5', value: c.p975, unit: 'ms' },
      { bench, metric: 'raw CPU per request', value: r.cpuPerRequest, unit: 'µs' },
      { bench, metric: 'console CPU per request', value: c.cpuPerRequest, unit: 'µs' },
      { bench, metric: 'throughput ratio raw/console (median pair)', value: median.ratio, unit: '×', budget: { max: 2.2 } },
      { bench, metric: 'p97.5 ratio console/raw', value: c.p975 / Math.max(r.p975, 1), unit: '×' },
      { bench, metric: 'CPU per request ratio console/raw', value: c.cpuPerRequest / r.cpuPerRequest, unit: '×' },
    ];
  } finally {
    raw?.child.kill('SIGTERM');
    await app.stop();
  }
}
