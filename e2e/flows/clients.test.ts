// Online clients in Chromium: the demo hotel's clients (its simulated fleet's) and seeded blacklist,
// read-only; and a user whose simulated AP has clients forces one offline — the AP really lets it go
// and the page shows it offline without a reload — then blacklists another, which the AP then refuses.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { createFleet, generateFleet, registerDevices, type Fleet } from '@airloom/device-sim';
import { consoleUrl, createProjectInPage, openConsole, signUpInForm, type FlowPage } from '../support/flow';
import { outbox } from '../support/outbox';
import { screenshot } from '../support/shots';

const LIVE_TIMEOUT = 30_000;

describe('online clients', () => {
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

  it("shows the demo hotel's clients and its blacklist, read-only", async () => {
    const { page } = flow;
    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    await page.goto('/manage/onlinelist?project=500000');
    const table = page.getByRole('table', { name: 'Clients' });
    await table.waitFor();
    // the fleet reports its clients every status period
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: LIVE_TIMEOUT }).toBeGreaterThan(3);
    expect(await table.textContent()).toMatch(/Online \d+/);
    expect(await table.textContent()).toMatch(/AP-/);
    expect(await page.getByText(/You can look but not change anything here/).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Force .* offline$/ }).count()).toBe(0);
    const panel = page.getByTestId('blacklist-panel');
    expect(await panel.textContent()).toContain('5A:3F:91:0C:22:7E');
    expect(await panel.textContent()).toContain('Blacklist (2 of 100)');
    await screenshot(page, 'clients-demo');
  });

  it('forces a client offline (the AP lets it go, the page follows without a reload) and blacklists another', async () => {
    const { page } = flow;
    await signUpInForm(page, `clients-${Date.now()}@example.com`, 'Correct-horse-9', () => outbox());
    await page.waitForURL('**/overview/preview');
    const projectId = await createProjectInPage(page, 'Client Cafe');
    const specs = generateFleet(projectId, { ap: 1 }).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
    const key = readFileSync(path.join(inject('consoleDataDir'), 'manufacturer.key'), 'utf8').trim();
    await registerDevices(specs, { consoleUrl: consoleUrl(), key, projectId });
    fleet = createFleet(specs, { brokerUrl: inject('consoleMqttUrl'), protocolVersion: 4, timeScale: 0.05 });
    await fleet.start();
    const ap = fleet.get(specs[0]!.sn)!;

    await page.goto(`/manage/onlinelist?project=${projectId}`);
    const table = page.getByRole('table', { name: 'Clients' });
    await expect.poll(() => page.getByRole('button', { name: /^Force .* offline$/ }).count(), { timeout: LIVE_TIMEOUT }).toBeGreaterThan(1);
    // pick a client the AP still has
    const macs = (await table.locator('tbody tr').allTextContents()).map((t) => /([0-9A-F]{2}(?::[0-9A-F]{2}){5})/.exec(t)?.[1]).filter((m): m is string => !!m);
    const mac = macs.find((m) => ap.device.clients.some((c) => c.mac === m))!;
    const row = table.locator('tbody tr', { hasText: mac });
    await row.getByRole('button', { name: /^Force .* offline$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Force this client offline?' });
    await dialog.getByRole('button', { name: 'Force offline' }).click();
    await expect.poll(() => ap.device.clients.some((c) => c.mac === mac), { timeout: LIVE_TIMEOUT }).toBe(false);
    await expect.poll(async () => (await row.textContent()) ?? '', { timeout: LIVE_TIMEOUT }).toMatch(/Offline/);

    const other = (await table.locator('tbody tr').allTextContents()).map((t) => /([0-9A-F]{2}(?::[0-9A-F]{2}){5})/.exec(t)?.[1]).find((m) => m && m !== mac && ap.device.clients.some((c) => c.mac === m))!;
    await table.locator('tbody tr', { hasText: other }).getByRole('button', { name: /^Blacklist / }).click();
    await page.getByRole('dialog', { name: 'Blacklist this client?' }).getByRole('button', { name: 'Blacklist' }).click();
    await expect.poll(async () => (await page.getByTestId('blacklist-panel').textContent()) ?? '', { timeout: LIVE_TIMEOUT }).toContain(other);
    // delivered to the AP as configuration: it sends the client away and keeps it out
    await expect.poll(() => ap.tree().get('Device.WiFi.X_AIRLOOM_DeniedMACAddress') ?? '', { timeout: LIVE_TIMEOUT }).toContain(other);
    expect(ap.device.clients.some((c) => c.mac === other)).toBe(false);
    await expect.poll(async () => (await table.locator('tbody tr', { hasText: other }).textContent()) ?? '', { timeout: LIVE_TIMEOUT }).toMatch(/Offline/);
    // phone width: the page still works
    await page.setViewportSize({ width: 390, height: 844 });
    await table.waitFor();
    await screenshot(page, 'clients-phone');
  });
});
