// Device running statistics and online statistics (spec §2 /manage/devsrunstat, /manage/onlinestat,
// §9 windows) in real Chromium on the live demo: the hotel's real history (the simulated devices'
// month written at start, then their live reports) drawn for the project and for one device in every
// window, the radios' and ports' charts, the online statistics' rankings and signal buckets; echarts
// comes with these pages only. Screenshots of each page are kept in SHOTS (e2e/support/shots.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { repoRoot } from '../support/console';
import { openConsole, type FlowPage } from '../support/flow';
import { screenshot } from '../support/shots';

/** the data remote's built chunks that hold echarts (its renderer, zrender), by their served path */
const ECHARTS_CHUNKS = readdirSync(path.join(repoRoot, 'mfe-data', 'dist'))
  .filter((f) => f.endsWith('.js') && readFileSync(path.join(repoRoot, 'mfe-data', 'dist', f), 'utf8').includes('zrender'))
  .map((f) => `/remotes/data/${f}`);
const isEcharts = (request: string) => ECHARTS_CHUNKS.includes(request);
const WINDOWS = [['12 h', '12h'], ['24 h', '24h'], ['72 h', '72h'], ['7 days', '7d'], ['30 days', '30d']] as const;

async function tryDemo(page: Page): Promise<void> {
  await page.goto('/static/lrf');
  await page.getByRole('button', { name: 'Try the live demo' }).click();
  await page.waitForURL('**/overview/preview');
}

/** the chart's sentence: "<series>: latest …, average …, peak …" once it has figures */
async function summaryOf(page: Page, chart: string): Promise<string> {
  const region = page.getByRole('region', { name: chart, exact: true });
  await region.waitFor();
  const line = region.getByRole('listitem').first();
  await line.waitFor({ timeout: 20_000 });
  return (await line.textContent()) ?? '';
}

describe('running and online statistics', () => {
  let flow: FlowPage;
  beforeEach(async () => {
    flow = await openConsole();
  });
  afterEach(async (ctx) => {
    // what the page showed when a step failed
    if (ctx.task.result?.state === 'fail') await screenshot(flow.page, `statistics-failed-${ctx.task.name.slice(0, 20).replace(/\W+/g, '-')}`).catch(() => undefined);
    await flow.close();
  });

  it("draws the demo hotel's history for the project and for a device in every window", { timeout: 240_000 }, async () => {
    const { page, requests } = flow;
    await tryDemo(page);
    // another page of the data remote does not fetch echarts
    await page.goto('/manage/runlog?project=500000');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(ECHARTS_CHUNKS.length).toBeGreaterThan(0);
    expect(requests.filter(isEcharts)).toEqual([]);

    await page.getByRole('link', { name: /Device running statistics/ }).click();
    await page.waitForURL('**/manage/devsrunstat**');
    for (const [label, window] of WINDOWS) {
      await page.getByRole('button', { name: label, exact: true }).click();
      await page.waitForURL(`**window=${window}**`);
      // the demo writes its month of history at start: a figure in every window (reloaded until it is there)
      await expect.poll(async () => {
        const text = await summaryOf(page, 'Clients of all devices').catch(() => '');
        if (!text) await page.reload();
        return text;
      }, { timeout: 60_000, interval: 2_000 }).toMatch(/^Clients: latest [\d.]+, average [\d.]+, peak [\d.]+$/);
      expect(await summaryOf(page, 'Traffic of all devices (sent + received)')).toMatch(/(KB|MB)\/s/);
      expect(await summaryOf(page, 'CPU (average of the devices)')).toMatch(/\d+\.\d\d %/);
      await page.getByRole('img', { name: 'CPU (average of the devices)' }).locator('canvas').waitFor();
    }
    expect(requests.some(isEcharts)).toBe(true);
    await screenshot(page, 'statistics-project-30d');

    // one AP, by the picker: its own figures, uptime and its radios and uplink port
    const picker = page.getByLabel('Show');
    const lobby = await picker.locator('option', { hasText: 'AP-Lobby' }).getAttribute('value');
    await picker.selectOption(lobby!);
    await page.waitForURL(`**sn=${lobby}**`);
    for (const [label] of WINDOWS) {
      await page.getByRole('button', { name: label, exact: true }).click();
      expect(await summaryOf(page, 'CPU')).toMatch(/^CPU: latest \d+\.\d\d %/);
      expect(await summaryOf(page, 'Memory in use')).toMatch(/%/);
    }
    expect(await page.getByText(/\d+ d \d+ h \d+ min/).count()).toBeGreaterThan(0);
    const perIface = page.getByRole('region', { name: 'Traffic per radio and port', exact: true });
    await expect.poll(async () => (await perIface.getByRole('listitem').allTextContents()).map((x) => x.split(':')[0])).toEqual(['2.4 GHz radio', '5 GHz radio', 'Port 1']);
    expect(await summaryOf(page, 'Channel utilisation per radio')).toMatch(/^2\.4 GHz radio: latest \d+\.\d\d %/);
    expect(await summaryOf(page, 'Noise per radio')).toMatch(/dBm/);
    // the figures as a table, for a screen reader
    const memory = page.getByRole('region', { name: 'Memory in use', exact: true });
    await memory.getByText('Show the figures as a table').click();
    await expect.poll(() => memory.getByRole('table').getByRole('row').count()).toBeGreaterThan(20);
    await screenshot(page, 'statistics-device-30d');

    // at phone width nothing runs off the side
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('img', { name: 'CPU' }).locator('canvas').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'statistics-device-phone');
  });

  it("ranks the demo hotel's access points and counts its clients by signal strength", { timeout: 180_000 }, async () => {
    const { page } = flow;
    await tryDemo(page);
    await page.goto('/manage/onlinestat?project=500000&window=7d');
    const top = page.getByRole('region', { name: 'Top 5 access points by clients', exact: true });
    await expect.poll(async () => {
      const rows = await top.getByRole('row').count().catch(() => 0);
      if (rows === 0) await page.reload();
      return rows;
    }, { timeout: 60_000, interval: 2_000 }).toBeGreaterThan(1);
    expect(await top.getByRole('row').count()).toBeLessThanOrEqual(6);
    const throughput = page.getByRole('region', { name: 'Top 5 access points by throughput', exact: true });
    expect(await throughput.getByRole('cell').first().textContent()).toMatch(/\d+\.\d\d (KB|MB)\/s/);
    // the simulated APs' clients are online now: the buckets add up to some
    const signal = page.getByRole('region', { name: 'Clients by signal strength (now)', exact: true });
    await expect.poll(async () => {
      const cells = await signal.getByRole('cell').allTextContents().catch(() => []);
      if (!cells.length) await page.reload();
      return cells.reduce((s, x) => s + Number(x), 0);
    }, { timeout: 60_000, interval: 2_000 }).toBeGreaterThan(0);
    expect(await summaryOf(page, 'Clients over time (all devices)')).toMatch(/^Clients: latest/);
    await screenshot(page, 'statistics-online-7d');
  });
});
