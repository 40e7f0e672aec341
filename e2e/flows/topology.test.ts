// The network topology in Chromium, on the live demo: the hotel's wired fleet drawn by G6 (loaded on
// this page only), both layouts, and a device's panel opened from the topology.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConsole, type FlowPage } from '../support/flow';

const LIVE_TIMEOUT = 20_000;

describe('network topology (live demo)', () => {
  let flow: FlowPage;
  beforeEach(async () => {
    flow = await openConsole();
  });
  afterEach(async () => {
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
    // 15 devices and the internet; every device reached by one cable or link
    // (the fleet reports its neighbours within its first reports: the page reads the links again)
    expect(await canvas.getAttribute('data-nodes')).toBe('16');
    await expect.poll(() => canvas.getAttribute('data-edges'), { timeout: 30_000 }).toBe('15');
    expect(await canvas.locator('canvas').count()).toBeGreaterThan(0);
    expect(requests.some((r) => r.includes('g6-topology'))).toBe(true);

    const vertical = page.getByRole('button', { name: 'Vertical' });
    await vertical.click();
    expect(await vertical.getAttribute('aria-pressed')).toBe('true');

    // as a keyboard user does: the canvas's nodes are also buttons (visually hidden)
    await page.getByRole('button', { name: 'Details of AP-Lobby' }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('device-panel');
    await panel.waitFor();
    expect(await panel.textContent()).toContain('AP-Lobby');
  });
});
