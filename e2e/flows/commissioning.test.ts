// The commissioning checklist in Chromium (docs/decisions/commissioning.md). The live demo looks at
// the seeded Harbour Inn, halfway installed (17 planned, 10 bound, 7 of them online in the demo
// fleet), on a phone. An installer turns a saved solution into a project, opens its device list in
// one tab, adds a simulated AP by its serial number in another through the checklist's button, and
// sees the AP bound and then online in the first tab without a reload.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CSRF_HEADER } from '@airloom/contracts';
import { createFleet, generateFleet, registerDevices, type Fleet } from '@airloom/device-sim';
import { axeViolations } from '../support/axe';
import { consoleUrl, manufacturerKey, openConsole, signUpInForm, type FlowPage } from '../support/flow';
import { screenshot } from '../support/shots';
import { outbox } from '../support/outbox';

const LIVE_TIMEOUT = 30_000;
const HARBOUR_INN = 500_100;
const HOTEL = { scenario: 'hotel', inputs: { rooms: 40, floors: 2 }, gateway: { clients: 0, lines: 1, bandwidthMbps: 300, functions: [] } };

/** a call of the API from the signed-in page */
async function call<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, url, body, header }) => {
      const res = await fetch(url, { method, headers: { 'Content-Type': 'application/json', [header]: '1' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return (await res.json()) as { code: number; data: unknown };
    },
    { method, url: `/api/v1${url}`, body, header: CSRF_HEADER },
  );
  if (answer.code !== 0) throw new Error(`${method} ${url}: ${JSON.stringify(answer)}`);
  return answer.data as T;
}

const totals = (page: Page) => page.locator('[data-commissioning="totals"]');

describe('commissioning checklist', () => {
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

  it("shows the live demo Harbour Inn's planned, bound and online devices on a phone, adding refused with the reason", async () => {
    const { page } = flow;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    await page.goto(`/manage/devconf?project=${HARBOUR_INN}`);
    const card = page.getByRole('region', { name: 'Commissioning' });
    // the demo fleet's powered devices connect while the console starts: the checklist follows them
    // (a flow run first meets a console whose fleet may still be connecting: a generous wait)
    await expect.poll(async () => totals(page).textContent(), { timeout: 2 * LIVE_TIMEOUT }).toBe('10 of 17 planned devices bound, 7 online.');
    const table = card.getByRole('table', { name: 'Planned devices by model' });
    const row = (model: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: model }) });
    expect(await row('AL-AP620').getByRole('cell').allTextContents()).toEqual(['AP', '12', '6', '4', '6 to bind']);
    expect(await row('AL-GW1200').getByRole('cell').allTextContents()).toEqual(['Router/gateway', '1', '1', '1', 'Complete']);
    // the demo looks, it does not add: the buttons say why
    const add = card.getByRole('button', { name: 'Add devices' });
    expect(await add.getAttribute('aria-disabled')).toBe('true');
    // on a phone the card fits the screen; its table scrolls inside it
    expect(await card.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth + 1)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect(await axeViolations(page), 'commissioning checklist').toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'commissioning-demo-phone');
  }, 120_000);

  it('binds a planned place when an installer adds a device by its serial number, and shows it online, without a reload', async () => {
    const { page, context } = flow;
    await signUpInForm(page, `commission-${Date.now()}@example.com`, 'Correct-horse-9', () => outbox());
    await page.waitForURL('**/overview/preview');
    const rec = await call<{ lines: { type: string; model: string; quantity: number }[]; advice: string[]; advantages: string[] }>(page, 'POST', '/solutions/recommend', HOTEL);
    const solution = await call<{ id: number }>(page, 'POST', '/solutions', { ...HOTEL, name: 'Quayside Inn', lines: rec.lines, advice: rec.advice, advantages: rec.advantages, type: 'wlan', policy: 'balanced' });
    const { projectId, planned } = await call<{ projectId: number; planned: number }>(page, 'POST', `/solutions/${solution.id}/project`, { projectName: 'Quayside Inn' });
    const apLine = rec.lines.find((l) => l.type === 'ap')!;
    // an AP of the planned model, registered by the manufacturer, in no project yet
    const [ap] = generateFleet(projectId + 100_000, { ap: 1 }).map((s) => ({ ...s, model: apLine.model, secret: randomBytes(16).toString('hex') }));
    await registerDevices([ap!], { consoleUrl: consoleUrl(), key: manufacturerKey(inject('consoleDataDir')) });

    // the checklist stays open in one tab
    const watcher = await context.newPage();
    await watcher.goto(`/manage/devconf?project=${projectId}`);
    await expect.poll(async () => totals(watcher).textContent(), { timeout: LIVE_TIMEOUT }).toBe(`0 of ${planned} planned devices bound, 0 online.`);
    await watcher.getByText(/No device is bound yet/).waitFor();

    // in the other, the checklist's button opens the network status page with the Add dialog
    await page.goto(`/manage/devconf?project=${projectId}`);
    await page.getByRole('region', { name: 'Commissioning' }).getByRole('button', { name: 'Add devices' }).click();
    await page.waitForURL('**/manage/status**');
    const dialog = page.getByRole('dialog', { name: 'Add device' });
    await dialog.getByRole('textbox', { name: /Serial number/ }).fill(ap!.sn);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.locator(`[data-device-sn="${ap!.sn}"]`).waitFor({ timeout: LIVE_TIMEOUT });

    await expect.poll(async () => totals(watcher).textContent(), { timeout: LIVE_TIMEOUT }).toBe(`1 of ${planned} planned devices bound, 0 online.`);
    const apRow = watcher.getByRole('table', { name: 'Planned devices by model' }).getByRole('row').filter({ has: watcher.getByRole('rowheader', { name: apLine.model }) });
    expect(await apRow.getByRole('cell').nth(2).textContent()).toBe('1');
    await screenshot(watcher, 'commissioning-one-bound');
    // the AP is powered on: it connects and the checklist counts it online
    fleet = createFleet([ap!], { brokerUrl: inject('consoleMqttUrl'), protocolVersion: 4, timeScale: 0.05 });
    await fleet.start();
    await expect.poll(async () => totals(watcher).textContent(), { timeout: LIVE_TIMEOUT }).toBe(`1 of ${planned} planned devices bound, 1 online.`);

    // the other button opens the import dialog
    await page.goto(`/manage/devconf?project=${projectId}`);
    await page.getByRole('region', { name: 'Commissioning' }).getByRole('button', { name: 'Import devices' }).click();
    await page.getByRole('dialog', { name: 'Import devices from Excel' }).waitFor();
  }, 120_000);
});
