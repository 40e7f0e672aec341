// The Wi-Fi map in Chromium: the live demo's floor with its walls, 8 APs and heatmap; and a user who
// creates a floor from a jpg, sets its scale, draws walls, places a planned AP, reads the heatmap's
// coverage figures, and binds the planned AP to a simulated device, which then shows live.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createFleet, generateFleet, registerDevices, type Fleet } from '@airloom/device-sim';
import { launchChromium, startConsole, type RunningConsole } from '../support';
import { createProjectInPage, manufacturerKey, signUpInForm } from '../support/flow';

const TIME_SCALE = '0.05';
const LIVE_TIMEOUT = 20_000;

let app: RunningConsole;
let browser: Browser;
let page: Page;
let fleet: Fleet | undefined;

beforeAll(async () => {
  app = await startConsole({ env: { TIME_SCALE } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
beforeEach(async () => {
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
});
afterEach(async () => {
  await fleet?.stop();
  fleet = undefined;
  await page.context().close();
});

const map = () => page.getByTestId('wifimap');

/** Clicks the plan at a fraction of its width and height (measured at the click: notices above move it). */
async function clickPlan(fx: number, fy: number): Promise<void> {
  const box = await page.locator('img.airloom-plan').boundingBox();
  if (!box) throw new Error('the plan is not drawn');
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

const coverage = () => page.getByTestId('coverage');

describe('Wi-Fi map', () => {
  it("shows the demo hotel's floor with its walls, its 8 APs live and the heatmap's coverage", async () => {
    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    await page.goto('/manage/visualization/td?project=500000');
    await expect.poll(() => map().getAttribute('data-walls'), { timeout: LIVE_TIMEOUT }).not.toBeNull();
    expect(Number(await map().getAttribute('data-walls'))).toBeGreaterThan(10);
    expect(await map().getAttribute('data-aps')).toBe('8');
    await expect.poll(() => page.locator('[data-ap-kind="real"]').count(), { timeout: LIVE_TIMEOUT }).toBe(8);
    // the heatmap is computed and the shares of the floor above −67/−70/−75 dBm are shown
    await expect.poll(() => map().getAttribute('data-heatmap'), { timeout: LIVE_TIMEOUT }).not.toBeNull();
    await expect.poll(() => coverage().textContent(), { timeout: LIVE_TIMEOUT }).toMatch(/At or above -67 dBm\d+\.\d %/);
    expect(await coverage().textContent()).toContain('50.0 × 30.0 m');
    // read-only: no drawing tools
    expect(await page.getByRole('button', { name: 'Draw walls' }).count()).toBe(0);
  });

  it('lets a user create a floor from a jpg, calibrate, draw walls, place and bind an AP, and see the heatmap', async () => {
    const account = `map-${Date.now()}@example.com`;
    await signUpInForm(page, account, 'Correct-horse-9', () => app.outbox());
    await page.waitForURL('**/overview/preview');
    const projectId = await createProjectInPage(page, 'Warehouse');
    const key = manufacturerKey(app.dataDir);
    const specs = generateFleet(projectId, { ap: 1 }).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
    await registerDevices(specs, { consoleUrl: app.url, key, projectId });
    fleet = createFleet(specs, { brokerUrl: app.mqttUrl, protocolVersion: 4, timeScale: Number(TIME_SCALE) });
    await fleet.start();

    await page.goto('/overview/list');
    await page.getByRole('button', { name: 'Open Warehouse' }).click();
    await page.waitForURL('**/manage/status**');
    await page.goto(`/manage/visualization/td?project=${projectId}`);
    await page.getByText('No floor yet').waitFor();

    // a floor, and its plan: a jpg drawn by the browser (1000 × 600 px)
    await page.getByLabel('New floor name').fill('Hall');
    await page.getByRole('button', { name: 'Add floor' }).click();
    await map().waitFor();
    const jpg = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 1000;
      c.height = 600;
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, 1000, 600);
      ctx.strokeStyle = '#333';
      ctx.lineWidth = 6;
      ctx.strokeRect(10, 10, 980, 580);
      return c.toDataURL('image/jpeg', 0.8).split(',')[1]!;
    });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wifimap-'));
    writeFileSync(path.join(dir, 'hall.jpg'), Buffer.from(jpg, 'base64'));
    writeFileSync(path.join(dir, 'notes.jpg'), 'this is not an image');
    const planInput = page.getByLabel(/Floor plan/);
    // a renamed text file is refused by its content
    await planInput.setInputFiles(path.join(dir, 'notes.jpg'));
    await page.getByText('The floor plan must be a jpg image').waitFor();
    await planInput.setInputFiles(path.join(dir, 'hall.jpg'));
    await page.getByText('The floor plan was uploaded.').waitFor();
    await expect.poll(() => page.locator('img.airloom-plan').count()).toBe(1);
    // a new floor is 40 × 24 m until calibrated; the plan keeps that size in metres
    await expect.poll(() => coverage().textContent()).toContain('40.0 × 24.0 m');

    // the scale: a line across half the plan's width is 25 m, so the floor is 50 m wide
    await page.getByRole('button', { name: 'Set scale' }).click();
    await clickPlan(0.25, 0.5);
    await clickPlan(0.75, 0.5);
    await page.getByLabel('Length of the line (m)').fill('25');
    await page.getByRole('button', { name: 'Apply scale' }).click();
    await expect.poll(() => coverage().textContent()).toMatch(/(49\.\d|50\.\d) × (29\.\d|30\.\d) m/);

    // two brick walls, joined
    await page.getByRole('button', { name: 'Draw walls' }).click();
    await page.getByLabel('Wall material').selectOption('brick');
    await clickPlan(0.5, 0.05);
    await clickPlan(0.5, 0.6);
    await clickPlan(0.8, 0.6);
    await expect.poll(() => map().getAttribute('data-walls')).toBe('2');

    // a planned AP left of the walls: the heatmap and its figures
    await page.getByRole('button', { name: 'Add planned AP' }).click();
    await clickPlan(0.25, 0.3);
    await expect.poll(() => map().getAttribute('data-aps')).toBe('1');
    await expect.poll(() => map().getAttribute('data-heatmap'), { timeout: LIVE_TIMEOUT }).not.toBeNull();
    await expect.poll(() => coverage().textContent()).toMatch(/At or above -67 dBm\d+\.\d %/);

    // bound to the simulated AP by its serial number, it is drawn live from the device
    await page.getByRole('button', { name: 'Select and move' }).click();
    await page.locator('[data-ap-id="plan-1"]').click();
    await page.getByLabel('Serial number of the installed AP').fill(specs[0]!.sn.toLowerCase());
    await page.getByRole('button', { name: 'Bind' }).click();
    await expect.poll(() => page.locator('[data-ap-kind="real"]').count(), { timeout: LIVE_TIMEOUT }).toBe(1);
    await expect.poll(() => page.getByTestId('ap-panel').textContent(), { timeout: LIVE_TIMEOUT }).toMatch(/Live: .*dBm/);

    // everything was saved: a reload shows the same floor
    await page.reload();
    await expect.poll(() => map().getAttribute('data-walls'), { timeout: LIVE_TIMEOUT }).toBe('2');
    expect(await map().getAttribute('data-aps')).toBe('1');
    await expect.poll(() => coverage().textContent()).toMatch(/(49\.\d|50\.\d) × (29\.\d|30\.\d) m/);
  });
});
