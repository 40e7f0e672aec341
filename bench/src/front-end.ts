// What a browser downloads and how fast the overview paints, measured in real Chromium: the shell on
// the login page and inside the console, the overview remote on the landing page, and the network
// remote when a project is opened.
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, startConsole } from '@airloom/e2e/support';
import type { Figure } from './stats';

const remoteBase = (name: string) => `/remotes/${name}/`;

/** File names of the shared-module fallbacks the remote's manifest lists. */
async function sharedAssets(url: string, name: string): Promise<Set<string>> {
  const manifest = (await (await fetch(`${url}${remoteBase(name)}mf-manifest.json`)).json()) as {
    shared: Array<{ assets: { js: { sync: string[]; async: string[] } } }>;
  };
  return new Set(manifest.shared.flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async]));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(() => new Promise<number>((resolve) => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => resolve(Number.NaN), 3000);
  }));
}

async function demoContext(context: BrowserContext, url: string): Promise<void> {
  const res = await context.request.post(`${url}/api/v1/auth/demo`, { headers: { 'X-Airloom-Csrf': '1', Origin: url } });
  if (!res.ok()) throw new Error(`demo login failed: ${res.status()} ${await res.text()}`);
}

/** gzip KB of the scripts a signed-out visitor's browser runs on the login page. */
async function loginPageJs(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') sizes.push(response.body().then((body) => gzipSync(body).length, () => 0));
  });
  await page.goto(`${url}/static/lrf`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Try the live demo' }).waitFor();
  const total = (await Promise.all(sizes)).reduce((sum, n) => sum + n, 0) / 1024;
  await page.close();
  return total;
}

/** Sizes of the JS the shell loads before any remote, and of the overview remote's first visit. */
export async function frontEnd(runs: number): Promise<Figure[]> {
  // serving is timed, not the demo's first-start history seeding that runs beside it
  const app = await startConsole({ env: { DEMO_HISTORY: 'false' } });
  const browser = await launchChromium();
  try {
    const signedOut = await browser.newContext();
    const loginJs = await loginPageJs(signedOut, app.url);
    await signedOut.close();

    const context = await browser.newContext();
    await demoContext(context, app.url);
    const page = await context.newPage();
    const downloads: Array<{ url: string; gzip: number; type: string }> = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && !response.url().includes('/remotes/')) return;
      pending.push(response.body().then((body) => { downloads.push({ url: response.url(), gzip: gzipSync(body).length, type }); }, () => {}));
    });
    await page.goto(`${app.url}/overview/preview`, { waitUntil: 'networkidle' });
    // network idle can come while the shell's scripts still run (no request for half a second on a
    // busy machine): the remote has loaded once the overview shows the demo projects
    await page.getByRole('button', { name: 'Open Demo Hotel' }).waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const path = (u: string) => new URL(u).pathname;
    const kb = (list: typeof downloads) => list.reduce((sum, d) => sum + d.gzip, 0) / 1024;
    const shellJs = downloads.filter((d) => d.type === 'script' && !path(d.url).startsWith('/remotes/'));
    // Shared singletons the host did not provide are fetched from the remote's own fallback copies:
    // counted apart, since the budget is for the remote's own code.
    const remoteSizes = async (name: string, route: string) => {
      const base = remoteBase(name);
      const fromRemote = downloads.filter((d) => path(d.url).startsWith(base));
      if (fromRemote.length === 0) throw new Error(`the ${name} remote was not loaded on ${route}`);
      const shared = await sharedAssets(app.url, name);
      const isShared = (d: (typeof downloads)[number]) => shared.has(path(d.url).slice(base.length));
      // BENCH_DEBUG=1 lists the files a first visit fetched from the remote (what to look at when a budget is missed)
      if (process.env.BENCH_DEBUG) console.log(name, fromRemote.map((d) => `${path(d.url)} ${(d.gzip / 1024).toFixed(1)} ${isShared(d) ? "shared" : ""}`).join("\n"));
      return { own: kb(fromRemote.filter((d) => !isShared(d))), shared: kb(fromRemote.filter(isShared)) };
    };
    const overview = await remoteSizes('overview', '/overview/preview');
    // the installer opens a demo project: Network Status is its landing page
    await page.getByRole('button', { name: 'Open Demo Hotel' }).click();
    await page.waitForURL((url) => url.pathname === '/manage/status');
    await page.locator('[data-device-sn]').first().waitFor(); // the remote rendered the device list
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const network = await remoteSizes('network', '/manage/status');
    await context.close();

    // LCP, per run a fresh context (cold HTTP cache, no compiled code cached): the first visit,
    // then a repeat visit (what an installer who uses the console daily gets).
    const firstVisits: number[] = [];
    const repeatVisits: number[] = [];
    for (let i = 0; i < runs; i++) {
      const fresh = await browser.newContext();
      await demoContext(fresh, app.url);
      const p = await fresh.newPage();
      await p.goto(`${app.url}/healthz`); // the renderer process exists, as in a browser already open
      for (const visits of [firstVisits, repeatVisits, repeatVisits]) {
        await p.goto(`${app.url}/overview/preview`, { waitUntil: 'networkidle' });
        visits.push(await largestContentfulPaint(p));
        await p.goto(`${app.url}/healthz`);
      }
      await fresh.close();
    }
    return [
      { bench: 'shell initial JS on the login page', metric: 'gzip', value: loginJs, unit: 'KB', budget: { max: 201 } },
      // the console's own part and the federation runtime come on top, fetched beside /auth/me
      { bench: 'shell JS in the console (before any remote)', metric: 'gzip', value: kb(shellJs), unit: 'KB', budget: { max: 258 } },
      { bench: 'mfe-overview first visit (excl. shared singletons)', metric: 'gzip', value: overview.own, unit: 'KB', budget: { max: 60 } },
      { bench: 'mfe-overview first visit: shared singletons not provided by the shell', metric: 'gzip', value: overview.shared, unit: 'KB' },
      { bench: 'mfe-network first visit (excl. shared singletons)', metric: 'gzip', value: network.own, unit: 'KB', budget: { max: 64 } },
      { bench: 'mfe-network first visit: shared singletons not provided by the shell', metric: 'gzip', value: network.shared, unit: 'KB' },
      { bench: `LCP /overview/preview, repeat visit (median of ${repeatVisits.length})`, metric: 'lcp', value: median(repeatVisits), unit: 'ms', budget: { max: 1200 } },
      // a first visit evaluates ~1 MB of script before the overview paints (docs/decisions/bench.md)
      { bench: `LCP /overview/preview, first visit, cold cache (median of ${runs})`, metric: 'lcp', value: median(firstVisits), unit: 'ms', budget: { max: 2200 } },
    ];
  } finally {
    await browser.close();
    await app.stop();
  }
}
