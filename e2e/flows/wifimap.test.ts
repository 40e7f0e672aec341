// The Wi-Fi map in Chromium: the live demo's floor with its walls, 8 APs and heatmap (on a phone too);
// and a user who creates a floor from a jpg, sets its scale, draws walls, places a planned AP, reads
// the heatmap's coverage figures, drags the AP behind a wall (the figures drop), and binds the planned
// AP to a simulated device, which then shows live, then changes a wall's material and deletes it,
// renames the floor and deletes it once confirmed; and the predicted-versus-measured panel: the APs'
// neighbour scans fill the table, fitting the walls' losses to them lowers the mean error.
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
/** The coverage card's share of the floor at or above `dbm` (in %), or null before the heatmap is computed. */
async function share(dbm: number): Promise<number | null> {
  const text = (await coverage().textContent()) ?? '';
  const m = new RegExp(`At or above ${dbm} dBm(\\d+\\.\\d) %`).exec(text);
  return m ? Number(m[1]) : null;
}
const measured = () => page.getByTestId('measured');
const meanError = async () => Number((await page.getByTestId('mean-error').textContent())?.replace(/[^\d.]/g, ''));

/** A jpg plan of 1000 × 600 px drawn by the browser, saved under `dir`; returns its path. */
async function drawPlan(dir: string): Promise<string> {
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
  const file = path.join(dir, 'plan.jpg');
  writeFileSync(file, Buffer.from(jpg, 'base64'));
  return file;
}

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
    // live: each is drawn online once its simulated device reports
    await expect.poll(() => page.locator('[data-ap-kind="real"][data-online="true"]').count(), { timeout: LIVE_TIMEOUT }).toBe(8);
    // the heatmap is computed and the shares of the floor above −67/−70/−75 dBm are shown
    await expect.poll(() => map().getAttribute('data-heatmap'), { timeout: LIVE_TIMEOUT }).not.toBeNull();
    await expect.poll(() => coverage().textContent(), { timeout: LIVE_TIMEOUT }).toMatch(/At or above -67 dBm\d+\.\d %/);
    expect(await coverage().textContent()).toContain('50.0 × 30.0 m');
    // read-only: no drawing tools
    expect(await page.getByRole('button', { name: 'Draw walls' }).count()).toBe(0);
    // on a phone the coverage card goes under the map, which keeps the screen's width
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => {
      const [plan, card] = [await map().boundingBox(), await coverage().boundingBox()];
      return plan && card ? [card.y >= plan.y + plan.height, plan.width > 300] : null;
    }).toEqual([true, true]);
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
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wifimap-'));
    const hall = await drawPlan(dir);
    writeFileSync(path.join(dir, 'notes.jpg'), 'this is not an image');
    const planInput = page.getByLabel(/Floor plan/);
    // a renamed text file is refused by its content
    await planInput.setInputFiles(path.join(dir, 'notes.jpg'));
    await page.getByText('The floor plan must be a jpg image').waitFor();
    await planInput.setInputFiles(hall);
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

    // dragged with the mouse to the other side of the first wall (its top right): the heatmap is computed
    // again, and less of the floor reaches −67 dBm (most of the left half is now behind 20 dB of brick)
    await page.getByRole('button', { name: 'Select and move' }).click();
    await expect.poll(() => share(-67), { timeout: LIVE_TIMEOUT }).not.toBeNull();
    const before = (await share(-67))!;
    const ap = page.locator('[data-ap-id="plan-1"]');
    const from = await ap.boundingBox();
    const plan = await page.locator('img.airloom-plan').boundingBox();
    if (!from || !plan) throw new Error('the AP or the plan is not drawn');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(plan.x + plan.width * 0.85, plan.y + plan.height * 0.2, { steps: 12 });
    await page.mouse.up();
    await expect.poll(async () => {
      const to = await ap.boundingBox();
      return to ? [to.x + to.width / 2 > plan.x + plan.width * 0.75, to.y + to.height / 2 < plan.y + plan.height * 0.3] : null;
    }).toEqual([true, true]);
    await expect.poll(() => share(-67), { timeout: LIVE_TIMEOUT }).toBeLessThan(before);
    expect(await map().getAttribute('data-aps')).toBe('1');

    // bound to the simulated AP by its serial number, it is drawn live from the device
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

    // a wall drawn wrong: clicked in "Select and move", made a bearing wall, then deleted
    // (on the second wall's middle: it runs from (0.5, 0.6) to (0.8, 0.6) of the plan)
    await clickPlan(0.65, 0.6);
    const wallPanel = page.getByTestId('wall-panel');
    await wallPanel.getByLabel('Wall material').selectOption('bearing-wall');
    await expect.poll(() => wallPanel.textContent()).toContain('28 dB');
    await wallPanel.getByRole('button', { name: 'Delete wall' }).click();
    await expect.poll(() => map().getAttribute('data-walls')).toBe('1');
    await wallPanel.waitFor({ state: 'detached' });

    // the floor renamed, then deleted once confirmed
    await page.getByRole('button', { name: 'Rename floor' }).click();
    await page.getByLabel('Floor name', { exact: true }).fill('Main hall');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('option', { name: 'Main hall' }).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Delete floor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this floor?' });
    await dialog.getByText(/Delete the floor “Main hall”/).waitFor();
    await dialog.getByRole('button', { name: 'Delete floor' }).click();
    await page.getByText('No floor yet').waitFor();
  });

  it("shows the demo hotel's neighbour scans beside the map's prediction", async () => {
    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    await page.goto('/manage/visualization/td?project=500000');
    await measured().waitFor({ timeout: LIVE_TIMEOUT });
    // the demo's APs scan once they are all online: the panel fills (reloading until it has)
    await expect
      .poll(async () => {
        if ((await page.getByTestId('measured-pairs').count()) === 0) await page.reload();
        return Number((await page.getByTestId('measured-pairs').textContent({ timeout: 5_000 }).catch(() => '0')) ?? 0);
      }, { timeout: 90_000, interval: 5_000 })
      .toBeGreaterThan(5);
    // the demo's true walls are not the map's: a real error, and read-only callers get no scan or fit
    await expect.poll(meanError, { timeout: LIVE_TIMEOUT }).toBeGreaterThan(1);
    expect(await measured().getByRole('button', { name: 'Scan now' }).count()).toBe(0);
    expect(await measured().getByRole('button', { name: 'Fit to measurements' }).count()).toBe(0);
  });

  it('scans the APs of a floor, shows predicted versus measured, and fitting the walls lowers the error', async () => {
    // tall enough for the whole plan and the panel under it
    await page.setViewportSize({ width: 1400, height: 1500 });
    const account = `scan-${Date.now()}@example.com`;
    await signUpInForm(page, account, 'Correct-horse-9', () => app.outbox());
    await page.waitForURL('**/overview/preview');
    const projectId = await createProjectInPage(page, 'Scanned hall');
    const key = manufacturerKey(app.dataDir);
    // three APs where the map will place them on a 40 × 24 m floor, a wall along x = 20 m that
    // really loses 26 dB (the map will say brick, 20 dB)
    const site = { id: `e2e-${projectId}`, jitterDb: 0, walls: [{ x1: 20, y1: 2.4, x2: 20, y2: 20.4, lossDb: 26 }] };
    const places: Array<[number, number]> = [[0.2, 0.3], [0.8, 0.3], [0.2, 0.7]];
    const specs = generateFleet(projectId, { ap: 3 }).map((s, i) => ({
      ...s,
      secret: randomBytes(16).toString('hex'),
      rf: { site, x: places[i]![0] * 40, y: places[i]![1] * 24 },
    }));
    await registerDevices(specs, { consoleUrl: app.url, key, projectId });
    fleet = createFleet(specs, { brokerUrl: app.mqttUrl, protocolVersion: 4, timeScale: Number(TIME_SCALE) });
    await fleet.start();

    await page.goto(`/manage/visualization/td?project=${projectId}`);
    await page.getByText('No floor yet').waitFor();
    await page.getByLabel('New floor name').fill('Hall');
    await page.getByRole('button', { name: 'Add floor' }).click();
    await map().waitFor();
    await page.getByLabel(/Floor plan/).setInputFiles(await drawPlan(mkdtempSync(path.join(os.tmpdir(), 'wifimap-'))));
    await expect.poll(() => page.locator('img.airloom-plan').count()).toBe(1);
    await measured().getByText('No AP bound on this floor').waitFor();

    await page.getByRole('button', { name: 'Draw walls' }).click();
    await page.getByLabel('Wall material').selectOption('brick');
    await clickPlan(0.5, 0.1);
    await clickPlan(0.5, 0.85);
    await expect.poll(() => map().getAttribute('data-walls')).toBe('1');
    await page.getByRole('button', { name: 'Select and move' }).click();
    for (const [i, spec] of specs.entries()) {
      await page.locator(`li[data-sn="${spec.sn}"]`).getByRole('button', { name: 'Place' }).click({ timeout: LIVE_TIMEOUT });
      await clickPlan(places[i]![0], places[i]![1]);
      await expect.poll(() => map().getAttribute('data-aps')).toBe(String(i + 1));
    }
    await expect.poll(() => page.locator('[data-ap-kind="real"]').count(), { timeout: LIVE_TIMEOUT }).toBe(3);
    await measured().getByText('No scan yet').waitFor();

    // scan: every AP hears the two others on the band shown
    await measured().getByRole('button', { name: 'Scan now' }).click();
    await expect.poll(() => page.getByTestId('measured-pairs').count(), { timeout: LIVE_TIMEOUT }).toBe(1);
    expect(await page.getByTestId('measured-pairs').textContent()).toBe('6');
    await expect.poll(meanError, { timeout: LIVE_TIMEOUT }).toBeGreaterThan(3);
    const before = await meanError();

    // fit: the brick's loss comes out near 26 dB; applied, the error drops
    await measured().getByRole('button', { name: 'Fit to measurements' }).click();
    const result = page.getByTestId('fit-result');
    await result.waitFor();
    expect(await result.textContent()).toMatch(/Brick.*: 20 → 2[5-7]\.\d dB/);
    await result.getByRole('button', { name: 'Apply to the walls' }).click();
    await expect.poll(meanError, { timeout: LIVE_TIMEOUT }).toBeLessThan(1);
    expect(await meanError()).toBeLessThan(before);
    // saved: a reload shows the fitted wall and the same small error
    await page.reload();
    await expect.poll(() => page.getByTestId('mean-error').count(), { timeout: LIVE_TIMEOUT }).toBe(1);
    await expect.poll(meanError, { timeout: LIVE_TIMEOUT }).toBeLessThan(1);
  });
});
