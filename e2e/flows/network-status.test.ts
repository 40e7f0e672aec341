// Network status as a new user meets it in Chromium at 1280×800, on the live demo: status and
// actions on screen, the name column in view when scrolled sideways, columns remembered, the
// address that reopens the same view in a new tab, a switch's ports and PoE, the mesh's primary
// first and its secondaries' backhaul, and axe-core with the detail panel open.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { openConsole, type FlowPage } from '../support/flow';

const LIVE_TIMEOUT = 20_000;
const VIEWPORT = { width: 1280, height: 800 };

async function demo(page: Page): Promise<void> {
  await page.goto('/static/lrf');
  await page.getByRole('button', { name: 'Try the live demo' }).click();
  await page.waitForURL('**/overview/preview');
}

function devicesTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Devices', exact: true });
}

/** Opens a demo project's status page by its address and waits for its devices. */
async function statusOf(page: Page, query: string, devices: number): Promise<void> {
  await page.goto(`/manage/status?${query}`);
  await expect.poll(() => devicesTable(page).locator('[data-device-sn]').count(), { timeout: LIVE_TIMEOUT }).toBe(devices);
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element is not rendered');
  return b;
}

const rowNames = (page: Page) => devicesTable(page).locator('[data-device-sn] > span:first-child').allTextContents();

describe('network status at 1280×800 (live demo)', () => {
  let flow: FlowPage;
  beforeEach(async () => {
    flow = await openConsole();
    await flow.page.setViewportSize(VIEWPORT);
  });
  afterEach(async () => {
    await flow.close();
  });

  it('shows Status and Actions on screen, keeps the name in view when scrolled sideways, and remembers the columns chosen', async () => {
    const { page } = flow;
    await demo(page);
    await statusOf(page, 'project=500000', 15);
    const table = devicesTable(page);
    // a WLAN project has no cable-free column
    expect(await table.getByRole('columnheader', { name: /Cable-free mode/ }).count()).toBe(0);
    const status = await box(table.getByRole('columnheader', { name: /^Status/ }));
    const actions = await box(table.locator('tbody tr').first().locator('td[data-sticky="end"]'));
    expect(status.x + status.width).toBeLessThanOrEqual(VIEWPORT.width);
    expect(actions.x + actions.width).toBeLessThanOrEqual(VIEWPORT.width);
    expect(actions.x).toBeGreaterThan(status.x);

    // more columns than fit: scrolled sideways, the name and the actions stay where they were
    await page.getByRole('button', { name: /^Columns/ }).click();
    for (const column of ['MAC', 'Management mode']) await page.getByRole('group', { name: 'Show columns' }).getByRole('checkbox', { name: column }).check();
    await page.keyboard.press('Escape');
    const firstName = table.locator('tbody tr').first().locator('td').first();
    const before = await box(firstName);
    const scrolled = await table.evaluate((el) => {
      const scroller = el.parentElement!;
      scroller.scrollLeft = scroller.scrollWidth;
      return scroller.scrollLeft;
    });
    expect(scrolled).toBeGreaterThan(0);
    const after = await box(firstName);
    expect(after.x).toBe(before.x);
    expect((await box(table.locator('tbody tr').first().locator('td[data-sticky="end"]'))).x + actions.width).toBeLessThanOrEqual(VIEWPORT.width + 1);

    // the choice is the account's: it is there after a reload
    await page.reload();
    await table.getByRole('columnheader', { name: /^MAC/ }).waitFor();
    expect(await table.getByRole('columnheader', { name: /^Management mode/ }).count()).toBe(1);
  });

  it("a switch shows 24 ports with PoE and the PoE budget, no Wi-Fi; the address reopens the same view in a new tab", async () => {
    const { page, context } = flow;
    await demo(page);
    await statusOf(page, 'project=500000', 15);
    await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Switch (2)' });
    await expect.poll(() => rowNames(page)).toEqual(['Core-Switch', 'Floor2-Switch']);
    await devicesTable(page).getByRole('button', { name: /^Core-Switch / }).click();
    const panel = page.getByRole('complementary', { name: 'Device details: Core-Switch' });
    const ports = panel.getByRole('list', { name: 'Ports' });
    await ports.waitFor({ timeout: LIVE_TIMEOUT });
    expect(await ports.getByRole('listitem').count()).toBe(24);
    expect(await ports.locator('[data-up="true"]').count()).toBeGreaterThan(1);
    await panel.getByRole('heading', { name: 'PoE power' }).waitFor();
    const budget = await panel.locator('dl').filter({ hasText: 'Remaining' }).locator('dd').allTextContents();
    expect(budget[0]).toBe('370 W');
    const [used, remaining] = [budget[1], budget[2]].map((w) => Number.parseFloat(w ?? ''));
    expect(used).toBeGreaterThan(0);
    expect(used! + remaining!).toBeCloseTo(370, 0);
    for (const wifi of ['Radios', 'SSIDs', 'Wi-Fi clients']) expect(await panel.getByRole('heading', { name: wifi }).count()).toBe(0);

    const address = new URL(page.url());
    expect(Object.fromEntries(address.searchParams)).toMatchObject({ project: '500000', type: 'switch' });
    expect(address.searchParams.get('device')).toMatch(/^AL5SW/);

    // a new tab has no project of its own (spec §3: kept per browser session): the address brings it
    const tab = await context.newPage();
    await tab.setViewportSize(VIEWPORT);
    await tab.goto(`${address.pathname}${address.search}`);
    await tab.getByRole('complementary', { name: 'Device details: Core-Switch' }).waitFor({ timeout: LIVE_TIMEOUT });
    expect(await tab.getByRole('heading', { name: 'Choose a project' }).count()).toBe(0);
    await expect.poll(() => rowNames(tab), { timeout: LIVE_TIMEOUT }).toEqual(['Core-Switch', 'Floor2-Switch']);
    await tab.close();

    // the same link pasted into a tab working in another project opens the project it names
    await page.goto('/manage/status?project=600000');
    await expect.poll(() => devicesTable(page).locator('[data-device-sn]').count(), { timeout: LIVE_TIMEOUT }).toBe(5);
    await page.getByText('Devices of Demo Home, updated live').waitFor();
    expect(new URL(page.url()).searchParams.get('project')).toBe('600000');
  });

  it("the mesh demo lists its primary first whatever the sort, and a secondary shows its wireless backhaul", async () => {
    const { page } = flow;
    await demo(page);
    await statusOf(page, 'project=600000', 5);
    await expect.poll(async () => (await rowNames(page))[0]).toBe('Mesh-Living');
    await devicesTable(page).getByRole('button', { name: /^Name/ }).click();
    await expect.poll(async () => (await rowNames(page)).slice(0, 2)).toEqual(['Mesh-Living', 'Mesh-Office']);

    await devicesTable(page).getByRole('button', { name: /^Mesh-Garden / }).click();
    const backhaul = page.getByRole('complementary', { name: 'Device details: Mesh-Garden' }).locator('section').filter({ has: page.getByRole('heading', { name: 'Wireless backhaul' }) });
    await backhaul.waitFor({ timeout: LIVE_TIMEOUT });
    const facts = await backhaul.locator('dd').allTextContents();
    expect(facts[0]).toMatch(/^Mesh-Bedroom \(AL6MX\d+\)$/);
    expect(facts[1]).toBe('3');
    expect(facts[2]).toMatch(/^-\d+ dBm$/);
    expect(facts[3]).toMatch(/^\d+ Mbit\/s$/);
  });

  it('axe-core finds no serious or critical violation, the detail panel open included; the panel scrolls by keyboard', async () => {
    const { page } = flow;
    await demo(page);
    await statusOf(page, 'project=500000', 15);
    expect(await axeViolations(page)).toEqual([]);

    await devicesTable(page).getByRole('button', { name: /^Core-Switch / }).click();
    const panel = page.getByRole('complementary', { name: 'Device details: Core-Switch' });
    await panel.getByRole('list', { name: 'Ports' }).waitFor({ timeout: LIVE_TIMEOUT });
    expect(await axeViolations(page)).toEqual([]);

    const body = panel.getByRole('region', { name: 'Device details: Core-Switch' });
    await body.focus();
    await page.keyboard.press('End');
    await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  });
});
