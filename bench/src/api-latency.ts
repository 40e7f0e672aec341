// GET /api/v1/projects for an account with 200 projects, 20 requests in flight: p95 latency.
// The load comes from autocannon (raw HTTP, light on the shared 2 cores); every response time is
// recorded, so the p95 is exact rather than read off a histogram's fixed percentiles.
import autocannon from 'autocannon';
import { startConsole } from '@airloom/e2e/support';
import { signUp } from './http';
import { percentile, type Figure } from './stats';

const PROJECTS = 200;
const CONCURRENCY = 20;

export async function apiLatency(label: string, env: Record<string, string>, totalRequests: number): Promise<Figure[]> {
  // serving is timed, not the demo's first-start history seeding that runs beside it
  const app = await startConsole({ env: { DEMO_HISTORY: 'false', ...env } });
  try {
    const owner = await signUp(app.url, () => app.outbox(), `bench-${Date.now()}@example.com`, 'Bench-pass-1');
    for (let i = 0; i < PROJECTS; i++) {
      const made = await owner.call('POST', '/projects', { projectName: `Site ${i}`, netMode: i % 2, scenario: 'hotel', zone: '+8' });
      if (made.code !== 0) throw new Error(`creating project ${i} failed: ${JSON.stringify(made)}`);
    }
    // The answer is the one a user gets: all 200 projects.
    const check = await owner.call<{ total: number }>('GET', '/projects');
    if (check.code !== 0 || check.data.total < PROJECTS) throw new Error(`unexpected answer ${JSON.stringify(check).slice(0, 200)}`);

    const run = (amount: number, onResponse?: (ms: number, status: number) => void) =>
      new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          { url: `${app.url}/api/v1/projects`, connections: CONCURRENCY, amount, headers: { cookie: owner.cookie, accept: 'application/json' } },
          (err, result) => (err ? reject(err) : resolve(result)),
        );
        if (onResponse) instance.on('response', (_client, status, _bytes, ms) => onResponse(ms, status));
      });
    await run(1000); // warm-up: JIT and caches settle, the figure is the steady state
    const latencies: number[] = [];
    let failures = 0;
    const result = await run(totalRequests, (ms, status) => {
      latencies.push(ms);
      if (status !== 200) failures++;
    });
    if (failures > 0 || result.errors > 0) throw new Error(`${failures} non-200 answers, ${result.errors} errors`);
    latencies.sort((a, b) => a - b);
    const bench = `api GET /projects (${label}, ${PROJECTS} projects, ${CONCURRENCY} concurrent)`;
    return [
      { bench, metric: 'p50', value: percentile(latencies, 50), unit: 'ms' },
      { bench, metric: 'p95', value: percentile(latencies, 95), unit: 'ms', budget: { max: 20 } },
      { bench, metric: 'throughput', value: result.requests.average, unit: 'req/s' },
    ];
  } finally {
    await app.stop();
  }
}
