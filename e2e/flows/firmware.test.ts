// A firmware upgrade in the browser, against a simulated AP this test runs as a USP agent on the
// console's embedded broker: the Maintenance tab's Firmware card offers the model's catalogue (the
// recommended version marked), the upgrade is confirmed, and the page follows it through the spec §4
// phases — downloading, upgrading, restarting — to Done, the device really fetching the image from the
// console over HTTP and booting the new SoftwareVersion.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createFleet, generateFleet, registerDevices, type DeviceSpec, type Fleet } from '@airloom/device-sim';
import { launchChromium, startConsole, type RunningConsole } from '../support';
import { axeViolations } from '../support/axe';
import { createProjectInPage, manufacturerKey, signUpInForm } from '../support/flow';

const TIME_SCALE = '0.05'; // download ~3 s, install ~3 s, restart ~9 s
const LIVE_TIMEOUT = 60_000;

let app: RunningConsole;
let browser: Browser;
let page: Page;
let fleet: Fleet;
let apSpec: DeviceSpec;

beforeAll(async () => {
  app = await startConsole({ env: { TIME_SCALE, SIM_DEMO_FLEET: 'false' } });
  browser = await launchChromium();
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  await signUpInForm(page, `fw-${Date.now()}@example.com`, 'Correct-horse-9', () => app.outbox());
  await page.waitForURL('**/overview/preview');
  const projectId = await createProjectInPage(page, 'Hotel upgrade');
  const specs = generateFleet(projectId, { ap: 1 }).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
  apSpec = specs[0]!;
  await registerDevices(specs, { consoleUrl: app.url, key: manufacturerKey(app.dataDir), projectId });
  fleet = createFleet(specs, { brokerUrl: app.mqttUrl, protocolVersion: 4, timeScale: Number(TIME_SCALE) });
  await fleet.start();
  await page.goto('/overview/list');
  await page.getByRole('button', { name: 'Open Hotel upgrade' }).click();
  await page.waitForURL('**/manage/status**');
  await page.locator(`[data-device-sn="${apSpec.sn}"] >> xpath=ancestor::tr//*[@data-status="1"]`).waitFor({ timeout: LIVE_TIMEOUT });
}, 120_000);

afterAll(async () => {
  await fleet?.stop();
  await browser?.close();
  await app?.stop();
});

describe('firmware upgrade', () => {
  it('upgrades an AP to a newer catalogue version after asking, showing downloading, upgrading, restarting, then Done and the new version', async () => {
    const ap = fleet.get(apSpec.sn)!;
    const before = ap.softwareVersion;
    await page.goto(`/manage/devconf/${apSpec.sn}/maintenance`);
    const card = page.locator('[data-maintenance="firmware"]');
    await card.getByText(`Running firmware ${before}.`).waitFor({ timeout: LIVE_TIMEOUT });
    const select = card.getByLabel('Firmware to install');
    // the catalogue arrives after the device's own record
    await select.locator('option', { hasText: 'recommended' }).waitFor({ state: 'attached', timeout: LIVE_TIMEOUT });
    const options = await select.locator('option').allTextContents();
    expect(options.some((o) => o.includes('recommended'))).toBe(true);
    // the newest release of the model (listed first)
    const newest = options[0]!.split(' ')[0]!;
    expect(newest).not.toBe(before);
    await select.selectOption({ index: 0 });
    expect(await axeViolations(page), 'maintenance tab with the firmware card').toEqual([]);

    await card.getByRole('button', { name: 'Upgrade…' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('about 5 minutes');
    const phases: string[] = [];
    const watch = setInterval(() => {
      void card
        .locator('[data-phase]')
        .getAttribute('data-phase', { timeout: 200 })
        .then((p) => p && phases.at(-1) !== p && phases.push(p))
        .catch(() => undefined);
    }, 100);
    await dialog.getByRole('button', { name: 'Upgrade' }).click();
    try {
      await card.locator('[data-phase="success"]').waitFor({ timeout: LIVE_TIMEOUT });
    } finally {
      clearInterval(watch);
    }
    // the watch saw the phases on the way; the wait above saw success (the watch may stop before it samples it)
    expect(phases.filter((p) => ['downloading', 'upgrading', 'restarting'].includes(p))).toEqual(['downloading', 'upgrading', 'restarting']);
    await card.getByText('Done').waitFor();
    expect(ap.softwareVersion).toBe(newest);
    expect(ap.executions.upgrade).toBe(1);
    await card.getByText(`Running firmware ${newest}.`).waitFor({ timeout: LIVE_TIMEOUT });
  });
});
