// GET /api/v1/projects for an account with 200 projects, 20 requests in flight: p95 latency.
import { startConsole } from '@airloom/e2e/support';
import { signUp } from './http';
import { percentile, type Figure } from './stats';

const PROJECTS = 200;
const CONCURRENCY = 20;

export async function apiLatency(label: string, env: Record<string, string>, totalRequests: number): Promise<Figure[]> {
  const app = await startConsole({ env });
  try {
    const password = 'Bench-pass-1';
    const account = `bench-${Date.now()}@example.com`;
    const owner = await signUp(app.url, () => app.outbox(), account, password);
    for (let i = 0; i < PROJECTS; i++) {
      const made = await owner.call('POST', '/projects', { projectName: `Site ${i}`, netMode: i % 2, scenario: 'hotel', zone: '+8' });
      if (made.code !== 0) throw new Error(`creating project ${i} failed: ${JSON.stringify(made)}`);
    }
    const cookie = owner.cookie;
    const latencies: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < totalRequests) {
        next++;
        const started = performance.now();
        const res = await fetch(`${app.url}/api/v1/projects`, { headers: { Cookie: cookie, Accept: 'application/json' } });
        const body = (await res.json()) as { code: number; data: { total: number } };
        latencies.push(performance.now() - started);
        if (body.code !== 0 || body.data.total < PROJECTS) throw new Error(`unexpected answer ${JSON.stringify(body).slice(0, 200)}`);
      }
    };
    // Warm-up, then the measured run.
    await Promise.all(Array.from({ length: CONCURRENCY }, () => fetch(`${app.url}/api/v1/projects`, { headers: { Cookie: cookie } })));
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const bench = `api GET /projects (${label}, ${PROJECTS} projects, ${CONCURRENCY} concurrent)`;
    return [
      { bench, metric: 'p50', value: percentile(latencies, 50), unit: 'ms' },
      { bench, metric: 'p95', value: percentile(latencies, 95), unit: 'ms', budget: { max: 20 } },
      { bench, metric: 'throughput', value: latencies.length / seconds, unit: 'req/s' },
    ];
  } finally {
    await app.stop();
  }
}
