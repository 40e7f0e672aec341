// RF optimisation in the browser, against three simulated APs standing on one site (they hear each
// other in their neighbour scans): the run is started from the page, its percentage rises live, a
// configuration change meanwhile is refused (27), and the record appears with the APs' radios; the
// agents then hold the planned channels.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CSRF_HEADER } from '@airloom/contracts';
import { DEMO_HOTEL_SITE, createFleet, generateFleet, registerDevices, type DeviceSpec, type Fleet } from '@airloom/device-sim';
import { launchChromium, startConsole, type RunningConsole } from '../support';
import { createProjectInPage, manufacturerKey, signUpInForm } from '../support/flow';

const TIME_SCALE = '0.05';
const LIVE_TIMEOUT = 30_000;

let app: RunningConsole;
let browser: Browser;
let page: Page;
let fleet: Fleet;
let projectId: number;
let aps: DeviceSpec[];

async function call(method: string, url: string, body?: unknown): Promise<{ code: number }> {
  return page.evaluate(
    async ({ method, url, body, header }) => {
      const res = await fetch(url, { method, headers: { 'Content-Type': 'application/json', [header]: '1' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return (await res.json()) as { code: number };
    },
    { method, url: `/api/v1/projects/${projectId}${url}`, body, header: CSRF_HEADER },
  );
}

beforeAll(async () => {
  app = await startConsole({ env: { TIME_SCALE, SIM_DEMO_FLEET: 'false' } });
  browser = await launchChromium();
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  await signUpInForm(page, `rf-${Date.now()}@example.com`, 'Correct-horse-9', () => app.outbox());
  await page.waitForURL('**/overview/preview');
  projectId = await createProjectInPage(page, 'Seaside');

  // three APs 12 m apart along the demo hotel's site
  aps = generateFleet(projectId, { ap: 3 }).map((s, i) => ({ ...s, secret: randomBytes(16).toString('hex'), rf: { site: DEMO_HOTEL_SITE, x: 6 + 12 * i, y: 8 } }));
  await registerDevices(aps, { consoleUrl: app.url, key: manufacturerKey(app.dataDir), projectId });
  fleet = createFleet(aps, { brokerUrl: app.mqttUrl, protocolVersion: 4, timeScale: Number(TIME_SCALE) });
  await fleet.start();

  await page.goto('/overview/list');
  await page.getByRole('button', { name: 'Open Seaside' }).click();
  await page.waitForURL('**/manage/status**');
  for (const s of aps) await page.locator(`[data-device-sn="${s.sn}"] >> xpath=ancestor::tr//*[@data-status="1"]`).waitFor({ timeout: LIVE_TIMEOUT });
}, 180_000);

afterAll(async () => {
  await fleet?.stop();
  await browser?.close();
  await app?.stop();
});

describe('RF optimisation', () => {
  it('runs from the page with a live percentage, refuses configuration meanwhile, and leaves a record', async () => {
    await page.goto('/manage/rfconf');
    await page.getByText('No RF optimisation has run in this project yet.').waitFor({ timeout: LIVE_TIMEOUT });
    await page.getByRole('button', { name: 'Optimise now' }).click();
    const bar = page.getByRole('progressbar', { name: 'RF optimisation progress' });
    await bar.waitFor({ timeout: LIVE_TIMEOUT });
    // the percentage rises while it runs
    const seen = new Set<number>();
    const until = Date.now() + 60_000;
    let refused = false;
    while (Date.now() < until) {
      const now = await bar.getAttribute('aria-valuenow').catch(() => null);
      if (now === null) break;
      seen.add(Number(now));
      if (!refused) refused = (await call('PUT', `/devices/${aps[0]!.sn}/config/name`, { name: 'Lobby-AP' })).code === 27;
      await page.waitForTimeout(300);
    }
    expect(refused).toBe(true);
    expect([...seen].some((p) => p > 0 && p < 100)).toBe(true);
    await page.getByText('The RF optimisation has finished: its record is in the table below.').waitFor({ timeout: LIVE_TIMEOUT });
    const records = page.getByRole('table', { name: 'RF optimisation records' });
    await records.getByRole('row').nth(aps.length * 2).waitFor({ timeout: LIVE_TIMEOUT });
    // the APs hold what the record says: 2.4 GHz on 1, 6 or 11
    for (const s of aps) {
      const channel = fleet.get(s.sn)!.onAir.radios.find((r) => r.band === '2.4GHz')!.channel;
      expect([1, 6, 11]).toContain(channel);
    }
    // the run is over: configuration passes again
    expect((await call('PUT', `/devices/${aps[0]!.sn}/config/name`, { name: 'Lobby-AP' })).code).toBe(0);
  }, 180_000);
});
