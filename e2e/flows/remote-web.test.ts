// Remote web management in the browser, against a simulated AP this test runs as a USP agent on the
// console's embedded broker: the Maintenance tab's card asks the device to dial out to the console,
// shows "Getting the address…", then a link that opens the device's own web page in a new tab,
// served through the tunnel under the console's origin (sandboxed); closing it makes the link dead.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createFleet, generateFleet, registerDevices, type DeviceSpec, type Fleet } from '@airloom/device-sim';
import { launchChromium, startConsole, type RunningConsole } from '../support';
import { axeViolations } from '../support/axe';
import { createProjectInPage, manufacturerKey, signUpInForm } from '../support/flow';

const TIME_SCALE = '0.05';
const LIVE_TIMEOUT = 20_000;

let app: RunningConsole;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let fleet: Fleet;
let apSpec: DeviceSpec;

beforeAll(async () => {
  app = await startConsole({ env: { TIME_SCALE, SIM_DEMO_FLEET: 'false' } });
  browser = await launchChromium();
  context = await browser.newContext({ baseURL: app.url, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  await signUpInForm(page, `remote-web-${Date.now()}@example.com`, 'Correct-horse-9', () => app.outbox());
  await page.waitForURL('**/overview/preview');
  const projectId = await createProjectInPage(page, 'Kiosk');

  const specs = generateFleet(projectId, { ap: 1 }).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
  apSpec = specs[0]!;
  await registerDevices(specs, { consoleUrl: app.url, key: manufacturerKey(app.dataDir), projectId });
  fleet = createFleet(specs, { brokerUrl: app.mqttUrl, protocolVersion: 4, timeScale: Number(TIME_SCALE) });
  await fleet.start();

  await page.goto('/overview/list');
  await page.getByRole('button', { name: 'Open Kiosk' }).click();
  await page.waitForURL('**/manage/status**');
  await page.locator(`[data-device-sn="${apSpec.sn}"] >> xpath=ancestor::tr//*[@data-status="1"]`).waitFor({ timeout: LIVE_TIMEOUT });
}, 120_000);

afterAll(async () => {
  await fleet?.stop();
  await browser?.close();
  await app?.stop();
});

describe('remote web management', () => {
  it("opens the AP's own web page in a new tab through the console, then closes it", async () => {
    await page.goto(`/manage/devconf/${apSpec.sn}/maintenance`);
    const card = page.locator('[data-maintenance="remote-web"]');
    await card.getByRole('button', { name: 'Open remote web management' }).click({ timeout: LIVE_TIMEOUT });
    const link = card.getByRole('link', { name: "Open the device's web page" });
    await link.waitFor({ timeout: LIVE_TIMEOUT });
    expect(await card.locator('[data-remote-web]').getAttribute('data-remote-web')).toBe('opened');
    expect(await axeViolations(page), 'maintenance tab with the remote web link').toEqual([]);
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/remote\/[A-Za-z0-9_-]{43}\/$/);

    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).origin).toBe(new URL(app.url).origin);
    expect(await tab.locator('#sn').textContent()).toBe(apSpec.sn);
    expect(await tab.locator('#model').textContent()).toBe(apSpec.model);
    // the page runs sandboxed: an opaque origin, so the console's session cookie is out of its reach
    expect(await tab.evaluate(() => window.origin)).toBe('null');
    expect(await tab.evaluate(() => {
      try {
        return document.cookie;
      } catch {
        return 'refused';
      }
    })).toBe('refused');
    await tab.close();

    await card.getByRole('button', { name: 'Close' }).click();
    await card.getByRole('button', { name: 'Open remote web management' }).waitFor({ timeout: LIVE_TIMEOUT });
    const dead = await page.request.get(href);
    expect(dead.status()).toBe(404);
  }, 90_000);
});
