// The network topology in Chromium, on the live demo: the hotel's wired fleet drawn by G6 (loaded on
// this page only) with its two hand-added terminals, dragged as a bitmap and redrawn at rest, both
// layouts, and a device's panel opened from
// the topology; and a user who adds a printer by hand to a port of a simulated switch and sees it drawn.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { createFleet, generateFleet, registerDevices, type Fleet } from '@airloom/device-sim';
import { consoleUrl, createProjectInPage, openConsole, signUpInForm, type FlowPage } from '../support/flow';
import { outbox } from '../support/outbox';

const LIVE_TIMEOUT = 20_000;

describe('network topology', () => {
  let flow: FlowPage;
  let fleet: Fleet | undefined;
  beforeEach(async () => {
    flow = await openConsole();
  });
  afterEach(async () => {
    await fleet?.stop();
    fleet = undefined;
    await flow.close();
  });

  it("draws the hotel's devices and cables, switches layout, and opens a device's panel", async () => {
    const { page, requests } = flow;
    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    await page.goto('/manage/status?project=500000');
    await page.getByRole('table', { name: 'Devices', exact: true }).waitFor();
    // G6 is not fetched for the status page
    const before = requests.filter((r) => r.includes('g6-topology')).length;
    expect(before).toBe(0);

    await page.getByRole('link', { name: /Network topology/ }).click();
    await page.waitForURL('**/manage/visualization/topo**');
    const canvas = page.getByTestId('topology-canvas');
    await expect.poll(() => canvas.getAttribute('data-ready'), { timeout: LIVE_TIMEOUT }).toBe('true');
    // 15 devices, the internet and the 2 terminals added by hand (a printer and an IP phone on a
    // switch); every device reached by one cable or link, each terminal by its cable
    // (the fleet reports its neighbours within its first reports: the page reads the links again)
    expect(await canvas.getAttribute('data-nodes')).toBe('18');
    expect(await canvas.getAttribute('data-manual')).toBe('2');
    await expect.poll(() => canvas.getAttribute('data-edges'), { timeout: 30_000 }).toBe('17');
    // read-only: nothing can be added by hand
    expect(await page.getByRole('button', { name: 'Add a terminal' }).count()).toBe(0);
    expect(await canvas.locator('canvas').count()).toBeGreaterThan(0);
    expect(requests.some((r) => r.includes('g6-topology'))).toBe(true);

    // dragging moves one bitmap of the drawing; released, the graph is drawn again at its new place
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the topology canvas is not laid out');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width / 2 + 12 * i, box.y + box.height / 2 + 5 * i);
    expect(await canvas.locator('canvas[data-topology-snapshot]').getAttribute('style')).toContain('translate(');
    await page.mouse.up();
    await expect.poll(() => canvas.locator('canvas[data-topology-snapshot]').count()).toBe(0);
    expect(await canvas.locator('canvas').evaluateAll((list) => list.map((c) => (c as HTMLCanvasElement).style.visibility))).not.toContain('hidden');

    const vertical = page.getByRole('button', { name: 'Vertical' });
    await vertical.click();
    expect(await vertical.getAttribute('aria-pressed')).toBe('true');

    // as a keyboard user does: the canvas's nodes are also buttons (visually hidden)
    await page.getByRole('button', { name: 'Details of AP-Lobby' }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('device-panel');
    await panel.waitFor();
    expect(await panel.textContent()).toContain('AP-Lobby');
    expect(await page.getByTestId('topology-link-source').textContent()).toMatch(/from LLDP$/);

    // the hotel's cameras speak no LLDP: the switch's MAC table places them on their port, and says so
    await page.getByRole('button', { name: 'Details of Cam-Entrance' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('topology-link-source').textContent()).toMatch(/^Its link to (Core|Floor2)-Switch: 100 Mbps, from the MAC table of (Core|Floor2)-Switch port \d+$/);
  });

  it('lets a user add a printer by hand to a free port of a simulated switch, and draws it', async () => {
    const { page } = flow;
    const account = `topo-${Date.now()}@example.com`;
    await signUpInForm(page, account, 'Correct-horse-9', () => outbox());
    await page.waitForURL('**/overview/preview');
    const projectId = await createProjectInPage(page, 'Print shop');
    // a gateway, a switch on its LAN and an AP on the switch: the switch's first two ports are cabled
    const specs = generateFleet(projectId, { router: 1, switch: 1, ap: 1 }).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
    const sw = specs.find((s) => s.type === 'switch')!;
    const key = readFileSync(path.join(inject('consoleDataDir'), 'manufacturer.key'), 'utf8').trim();
    await registerDevices(specs, { consoleUrl: consoleUrl(), key, projectId });
    // its status reports (with the LLDP neighbours) come every few seconds
    fleet = createFleet(specs, { brokerUrl: inject('consoleMqttUrl'), protocolVersion: 4, timeScale: 0.05 });
    await fleet.start();

    await page.goto(`/manage/visualization/topo?project=${projectId}`);
    const canvas = page.getByTestId('topology-canvas');
    await expect.poll(() => canvas.getAttribute('data-ready'), { timeout: LIVE_TIMEOUT }).toBe('true');
    // the cables are reported: the switch's cabled ports are not offered
    await expect.poll(() => canvas.getAttribute('data-edges'), { timeout: 45_000 }).toBe('3');
    const nodes = Number(await canvas.getAttribute('data-nodes'));

    await page.getByRole('button', { name: 'Add a terminal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a terminal by hand' });
    await dialog.waitFor();
    await dialog.getByLabel('Device').selectOption(sw.sn);
    // the AP's report of its uplink can draw the third cable before the switch's own report marks its
    // port 2 as used: the offered ports follow the live topology
    const options = dialog.getByLabel('Port').locator('option');
    await expect.poll(async () => (await options.allTextContents())[0], { timeout: 45_000 }).toBe('Port 3');
    expect(await options.allTextContents()).not.toContain('Port 1');
    await dialog.getByLabel('Port').selectOption('5');
    await dialog.getByLabel('Kind').selectOption('printer');
    // a model must be chosen
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Please choose a model').waitFor();
    await dialog.getByRole('button', { name: 'HP LaserJet Pro' }).click();
    await dialog.getByLabel('Name').fill('Print room');
    await dialog.getByLabel('IP address').fill('192.168.1.50');
    await dialog.getByLabel('MAC address').fill('3c:52:82:aa:bb:cc');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // drawn: one more node, on a cable from the switch, marked as added by hand
    await expect.poll(() => canvas.getAttribute('data-manual'), { timeout: LIVE_TIMEOUT }).toBe('1');
    expect(Number(await canvas.getAttribute('data-nodes'))).toBe(nodes + 1);
    expect(await canvas.getAttribute('data-edges')).toBe('4');
    await page.getByRole('button', { name: 'Terminal Print room, added by hand' }).focus();
    await page.keyboard.press('Enter');
    const opened = page.getByRole('dialog', { name: 'Terminal added by hand' });
    await opened.waitFor();
    // the form is filled from the stored terminal once the dialog is open (the server spells the MAC in capitals)
    await expect.poll(() => opened.getByLabel('MAC address').inputValue()).toBe('3C:52:82:AA:BB:CC');
    expect(await opened.getByLabel('Port').inputValue()).toBe('5');
  });
});
