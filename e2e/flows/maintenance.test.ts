// Device maintenance in the browser, against simulated devices this test runs as USP agents on the
// console's embedded broker: a PoE reboot of a switch port from the switch's Maintenance tab (the AP
// it powers really goes down and comes back), an LED mode, and formatting a recorder's disk, each
// asked for in a confirmation and followed on the page to "Done"; the project's auto maintenance window.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createFleet, generateFleet, registerDevices, type DeviceSpec, type Fleet } from '@airloom/device-sim';
import { launchChromium, startConsole, type RunningConsole } from '../support';
import { axeViolations } from '../support/axe';
import { createProjectInPage, manufacturerKey, signUpInForm } from '../support/flow';

const TIME_SCALE = '0.05';
const LIVE_TIMEOUT = 20_000;

let app: RunningConsole;
let browser: Browser;
let page: Page;
let fleet: Fleet;
let switchSpec: DeviceSpec;
let apSpec: DeviceSpec;
let nvrSpec: DeviceSpec;

beforeAll(async () => {
  app = await startConsole({ env: { TIME_SCALE, SIM_DEMO_FLEET: 'false' } });
  browser = await launchChromium();
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  await signUpInForm(page, `maint-${Date.now()}@example.com`, 'Correct-horse-9', () => app.outbox());
  await page.waitForURL('**/overview/preview');
  const projectId = await createProjectInPage(page, 'Depot');

  const specs = generateFleet(projectId, { switch: 1, ap: 1, nvr: 1 }).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
  switchSpec = specs.find((s) => s.type === 'switch')!;
  apSpec = specs.find((s) => s.type === 'ap')!;
  nvrSpec = specs.find((s) => s.type === 'nvr')!;
  await registerDevices(specs, { consoleUrl: app.url, key: manufacturerKey(app.dataDir), projectId });
  fleet = createFleet(specs, { brokerUrl: app.mqttUrl, protocolVersion: 4, timeScale: Number(TIME_SCALE) });
  await fleet.start();

  await page.goto('/overview/list');
  await page.getByRole('button', { name: 'Open Depot' }).click();
  await page.waitForURL('**/manage/status**');
  for (const s of specs) await page.locator(`[data-device-sn="${s.sn}"] >> xpath=ancestor::tr//*[@data-status="1"]`).waitFor({ timeout: LIVE_TIMEOUT });
}, 120_000);

afterAll(async () => {
  await fleet?.stop();
  await browser?.close();
  await app?.stop();
});

describe('device maintenance', () => {
  it("PoE-reboots the switch port an AP hangs on: asked first, the AP goes down and comes back, the row says Done; the LED is set", async () => {
    const port = switchSpec.links!.find((l) => l.peerSn === apSpec.sn)!.port + 1;
    await page.goto(`/manage/devconf/${switchSpec.sn}/maintenance`);
    const table = page.getByRole('table', { name: 'PoE ports' });
    await table.waitFor({ timeout: LIVE_TIMEOUT });
    expect(await axeViolations(page), 'maintenance tab').toEqual([]);
    await table.getByRole('button', { name: `PoE reboot port ${port}` }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('goes offline and restarts');
    const ap = fleet.get(apSpec.sn)!;
    const states: string[] = [];
    ap.on('state', (s) => states.push(s));
    await dialog.getByRole('button', { name: 'PoE reboot' }).click();
    const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: `PoE reboot port ${port}` }) });
    await row.getByText('Done').waitFor({ timeout: LIVE_TIMEOUT });
    expect(states).toContain('stopped');
    await expect.poll(() => ap.connected, { timeout: LIVE_TIMEOUT }).toBe(true);

    await page.getByRole('group', { name: 'LED mode' }).getByRole('button', { name: 'Off' }).click();
    await page.locator('[data-maintenance="led"]').getByText('Done').waitFor({ timeout: LIVE_TIMEOUT });
    expect(fleet.get(switchSpec.sn)!.ledMode).toBe('Off');
  });

  it('formats a recorder disk after a warning: Formatting, then Done; the recorder offers no reset', async () => {
    await page.goto(`/manage/devconf/${nvrSpec.sn}/maintenance`);
    await page.getByText('A recorder (NVR) cannot be reset from the console.').waitFor({ timeout: LIVE_TIMEOUT });
    await page.getByRole('button', { name: 'Format disk…' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('erased for good');
    await dialog.getByRole('button', { name: 'Format disk' }).click();
    const card = page.locator('[data-maintenance="format"]');
    await card.locator('[data-phase="formatting"], [data-phase="success"]').first().waitFor({ timeout: LIVE_TIMEOUT });
    await card.getByText('Done').waitFor({ timeout: LIVE_TIMEOUT });
    expect(fleet.get(nvrSpec.sn)!.executions.formatDisk).toBe(1);
  });

  it('turns on auto maintenance with a restart and an upgrade to the recommended firmware, after saying what it does; the copy card offers only the same model', async () => {
    await page.goto('/manage/devconf');
    const card = page.locator('[data-maintenance="window"]');
    await card.getByText('Auto maintenance is off.').waitFor({ timeout: LIVE_TIMEOUT });
    await card.getByRole('checkbox', { name: 'Auto maintenance on' }).check();
    await card.getByRole('checkbox', { name: 'Wednesday' }).check();
    await card.getByRole('checkbox', { name: 'Upgrade to the recommended firmware' }).check();
    await card.locator('input[type="time"]').fill('02:30');
    await card.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('offline for about 5 minutes');
    expect(await axeViolations(page), 'auto maintenance confirmation').toEqual([]);
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await card.getByText('Auto maintenance saved.').waitFor({ timeout: LIVE_TIMEOUT });
    expect(await card.getByTestId('window-next').textContent()).toMatch(/^Next window: .*02:30/);
    // stored as the page showed it (a reload reads it back)
    await page.reload();
    await card.getByTestId('window-next').waitFor({ timeout: LIVE_TIMEOUT });
    expect(await card.getByRole('checkbox', { name: 'Upgrade to the recommended firmware' }).isChecked()).toBe(true);

    // the switch is the project's only one of its model: nothing to copy from
    await page.goto(`/manage/devconf/${switchSpec.sn}/maintenance`);
    await page.locator('[data-maintenance="copy-config"]').getByText(`No other ${switchSpec.model} in this project to copy from.`).waitFor({ timeout: LIVE_TIMEOUT });
  });
});
