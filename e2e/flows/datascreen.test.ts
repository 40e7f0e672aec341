// The activation data screen (spec §1, §2 /overview/preview/datascreen, §9) in real Chromium: the
// live demo sees data on every panel in the console and on the wall display's own page; a simulated
// device registered and connected is counted without a reload; the wall display signs in with a
// read-only API key; the filtered list's export holds exactly the filtered rows.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CSRF_HEADER } from '@airloom/contracts';
import { createFleet, generateFleet, registerDevices, type Fleet } from '@airloom/device-sim';
import { repoRoot } from '../support/console';
import { consoleUrl, openConsole, signUpInForm, type FlowPage } from '../support/flow';
import { outbox } from '../support/outbox';

const SHOTS = path.join(repoRoot, 'e2e', 'test-results');
mkdirSync(SHOTS, { recursive: true });

async function tryDemo(page: Page): Promise<void> {
  await page.goto('/static/lrf');
  await page.getByRole('button', { name: 'Try the live demo' }).click();
  await page.waitForURL('**/overview/preview');
}

/** Every panel shows figures: counters, the world map, top 15, trends by type and brand, the device list. */
async function expectDataOnEveryPanel(page: Page): Promise<void> {
  await page.getByTestId('counter-total').waitFor();
  expect(Number((await page.getByTestId('counter-total').textContent())!.replace(/,/g, ''))).toBeGreaterThanOrEqual(3000);
  expect(Number((await page.getByTestId('counter-today').textContent())!.replace(/,/g, ''))).toBeGreaterThan(0);
  expect(await page.getByRole('list', { name: 'Top 15 countries' }).getByRole('listitem').count()).toBe(15);
  expect(await page.getByRole('list', { name: 'Activations per day by type' }).getByRole('listitem').count()).toBeGreaterThanOrEqual(5);
  expect(await page.getByRole('list', { name: 'Activations per day by brand' }).getByRole('listitem').count()).toBe(3);
  // the maps and trend charts are drawn (echarts canvases)
  await page.getByRole('img', { name: 'Activations by country' }).locator('canvas').waitFor();
  await page.getByRole('img', { name: 'Activations per day by type' }).locator('canvas').waitFor();
  expect(await page.getByRole('table', { name: 'Activated devices' }).getByRole('row').count()).toBe(51);
  await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
}

describe('activation data screen', () => {
  let flow: FlowPage;
  let fleet: Fleet | undefined;
  beforeEach(async () => { flow = await openConsole(); });
  afterEach(async () => {
    await fleet?.stop();
    fleet = undefined;
    await flow.close();
  });

  it('the live demo opens it with data on every panel, in the console and on its own page', async () => {
    const { page, requests } = flow;
    await tryDemo(page);
    await page.getByRole('link', { name: 'Data screen' }).click();
    await page.waitForURL('**/overview/preview/datascreen');
    await expectDataOnEveryPanel(page);
    // a compared country's region map: its regions drawn, the demo's counted ones listed by name
    await page.getByLabel('Add a country').selectOption({ label: 'France' });
    const france = page.getByRole('list', { name: 'Regions of France by activations' });
    await france.waitFor();
    const regions = await france.getByRole('listitem').allTextContents();
    expect(regions.map((r) => r.replace(/: [\d,]+$/, ''))).toEqual(expect.arrayContaining(['Île-de-France', 'Pays de la Loire']));
    await page.getByRole('img', { name: 'Map of France by region (18 regions)' }).locator('canvas').waitFor();
    await page.waitForTimeout(500); // the charts' entry animation
    await page.screenshot({ path: path.join(SHOTS, 'datascreen-console.png'), fullPage: true });
    await page.getByRole('region', { name: 'Activations by region in France' }).screenshot({ path: path.join(SHOTS, 'datascreen-regions.png') });
    // echarts came with this page only, never with the login page or the overview
    expect(requests.some((p) => p.startsWith('/remotes/dashboard/'))).toBe(true);

    await page.goto('/remotes/dashboard/index.html');
    await expectDataOnEveryPanel(page);
    expect(requests.filter((p) => p.startsWith('/remotes/overview/') && requests.indexOf(p) > requests.lastIndexOf('/remotes/dashboard/index.html'))).toEqual([]);
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SHOTS, 'datascreen-standalone.png'), fullPage: true });
  });

  it('counts a simulated device that connects without a reload; the wall display signs in with a read-only key', async () => {
    const { page } = flow;
    await signUpInForm(page, `ds-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`, 'Correct-horse-9', outbox);
    await page.waitForURL('**/overview/preview');
    const created = await page.evaluate(async (header) => {
      const res = await fetch('/api/v1/projects', { method: 'POST', headers: { 'Content-Type': 'application/json', [header]: '1' }, body: JSON.stringify({ projectName: 'Wall Bay', scenario: 'hotel' }) });
      return ((await res.json()) as { data: { id: number } }).data.id;
    }, CSRF_HEADER);
    await page.goto('/overview/preview/datascreen');
    const total = page.getByTestId('counter-total');
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
    const count = async () => Number((await total.textContent())!.replace(/,/g, ''));
    const before = await count();
    // a new installer has no device yet: the live demo's seeded records are not in its figures
    expect(before).toBe(0);

    // the manufacturer registers one device for the project; it connects as a USP agent
    const specs = generateFleet(created, 1).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
    const key = readFileSync(path.join(inject('consoleDataDir'), 'manufacturer.key'), 'utf8').trim();
    await registerDevices(specs, { consoleUrl: consoleUrl(), key, projectId: created });
    fleet = createFleet(specs, { brokerUrl: inject('consoleMqttUrl'), protocolVersion: 4 });
    await fleet.start();
    await page.waitForFunction(({ want }) => document.querySelector('[data-testid="counter-total"]')?.textContent?.replace(/,/g, '') === String(want), { want: before + 1 }, { timeout: 20_000 });
    await page.getByText(`${specs[0]!.sn} activated in`).waitFor();

    // a read-only key, given once in the address, on a browser that never signed in
    const secret = await page.evaluate(async (header) => {
      const res = await fetch('/api/v1/account/api-keys', { method: 'POST', headers: { 'Content-Type': 'application/json', [header]: '1' }, body: JSON.stringify({ name: 'Lobby wall', access: 'r' }) });
      return ((await res.json()) as { data: { secret: string } }).data.secret;
    }, CSRF_HEADER);
    const wall = await flow.browser.newContext({ baseURL: consoleUrl(), viewport: { width: 1920, height: 1080 } });
    const display = await wall.newPage();
    await display.goto(`/remotes/dashboard/index.html?key=${encodeURIComponent(secret)}`);
    await display.getByTestId('counter-total').waitFor();
    expect(await display.getByTestId('counter-total').textContent()).toBe(await total.textContent());
    expect(new URL(display.url()).search).toBe('');
    await display.getByRole('status', { name: 'Live updates: Live' }).waitFor();
    await display.getByRole('img', { name: 'Activations by country' }).locator('canvas').waitFor();
    await display.waitForTimeout(500);
    await display.screenshot({ path: path.join(SHOTS, 'datascreen-wall-key.png') });
    await wall.close();
  });

  it('exports the filtered list: the spreadsheet holds exactly the filtered rows', async () => {
    const { page } = flow;
    await tryDemo(page);
    await page.goto('/overview/preview/datascreen');
    await page.getByRole('table', { name: 'Activated devices' }).waitFor();
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByLabel('Type').selectOption({ label: 'Switch' });
    await filters.getByLabel('Country').fill('DE');
    // what the list says matches: every page of it
    const listed = await page.evaluate(async () => {
      const sns: string[] = [];
      for (let p = 1; ; p++) {
        const body = (await (await fetch(`/api/v1/activations?type=switch&country=DE&page=${p}`)).json()) as { data: { items: { sn: string }[]; total: number; pageSize: number } };
        sns.push(...body.data.items.map((i) => i.sn));
        if (p * body.data.pageSize >= body.data.total) return { sns, total: body.data.total };
      }
    });
    expect(listed.total).toBeGreaterThan(0);
    await page.getByText(`${listed.total} devices`).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export .xlsx' }).click()]);
    const file = path.join(SHOTS, 'datascreen-export.xlsx');
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('Activations')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((h, i) => [String(h), values[i]])));
    });
    expect(rows).toHaveLength(listed.total);
    expect(rows.every((r) => r.Type === 'switch' && r.Country === 'DE')).toBe(true);
    expect(rows.map((r) => r.SN)).toEqual(listed.sns);
  });
});
