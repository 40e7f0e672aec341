// The run log and alarms in Chromium: the live demo's seeded history (filters, unread alarms, the
// header's count, a download, read-only), and a user whose simulated AP loses power: the offline
// event and its alarm appear without a reload, the header counts it, and marking it read clears it.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { createFleet, generateFleet, registerDevices, type Fleet } from '@airloom/device-sim';
import { consoleUrl, createProjectInPage, openConsole, signUpInForm, type FlowPage } from '../support/flow';
import { outbox } from '../support/outbox';
import { screenshot } from '../support/shots';

const LIVE_TIMEOUT = 30_000;

describe('run log and alarms', () => {
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

  it("shows the demo hotel's history, filters it, counts unread alarms in the header and downloads them, read-only", async () => {
    const { page } = flow;
    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    await page.goto('/manage/runlog?project=500000');
    const log = page.getByRole('table', { name: 'Run log' });
    await log.waitFor();
    await expect.poll(() => log.locator('tbody tr').count(), { timeout: LIVE_TIMEOUT }).toBeGreaterThan(3);
    await page.getByLabel('Log type').selectOption('wired');
    // only the wired events once the filtered page is read
    await expect.poll(() => log.getByText('Device went offline').count(), { timeout: LIVE_TIMEOUT }).toBe(0);
    await log.getByText('PoE over budget: 128.4 W of 120 W').waitFor();
    await screenshot(page, 'runlog-demo-wired');
    // the demo cannot change how long its log is kept
    expect(await page.getByLabel('Keep the run log').count()).toBe(0);

    const count = page.getByTestId('unread-alarms');
    await count.waitFor();
    await count.click();
    await page.waitForURL('**/manage/alarminfo**');
    const alarms = page.getByRole('table', { name: 'Alarms' });
    await alarms.getByText('Device went offline').first().waitFor();
    await screenshot(page, 'alarms-demo');
    expect(await page.getByRole('button', { name: 'Mark all as read' }).count()).toBe(0);
    const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    const csv = await page.request.get(href!);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(await csv.text()).toContain('Device went offline');
  });

  it('logs a simulated AP that goes offline as an alarm without a reload, counted in the header until it is read', async () => {
    const { page } = flow;
    await signUpInForm(page, `runlog-${Date.now()}@example.com`, 'Correct-horse-9', () => outbox());
    await page.waitForURL('**/overview/preview');
    const projectId = await createProjectInPage(page, 'Log house');
    const specs = generateFleet(projectId, { ap: 1 }).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
    const key = readFileSync(path.join(inject('consoleDataDir'), 'manufacturer.key'), 'utf8').trim();
    await registerDevices(specs, { consoleUrl: consoleUrl(), key, projectId });
    fleet = createFleet(specs, { brokerUrl: inject('consoleMqttUrl'), protocolVersion: 4, timeScale: 0.05 });
    await fleet.start();

    await page.goto(`/manage/runlog?project=${projectId}`);
    await page.getByText('Device came online').waitFor({ timeout: LIVE_TIMEOUT });
    await page.goto(`/manage/alarminfo?project=${projectId}`);
    await page.getByText('No alarms for these filters.').waitFor();

    // the AP loses its power: no goodbye, the broker's last will says it is gone
    fleet.get(specs[0]!.sn)!.kill();
    const alarms = page.getByRole('table', { name: 'Alarms' });
    await alarms.getByText('Device went offline').waitFor({ timeout: LIVE_TIMEOUT });
    const count = page.getByTestId('unread-alarms');
    await expect.poll(() => count.textContent(), { timeout: LIVE_TIMEOUT }).toBe('Alarms 1, 1 unread alarm');
    await screenshot(page, 'alarms-live-offline');

    await alarms.getByRole('button', { name: /^Mark the alarm of .* as read$/ }).click();
    await expect.poll(() => alarms.getByText('Unread').count(), { timeout: LIVE_TIMEOUT }).toBe(0);
    await count.waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });
    await page.goto(`/manage/runlog?project=${projectId}`);
    await page.getByRole('table', { name: 'Run log' }).getByText('Device went offline').waitFor({ timeout: LIVE_TIMEOUT });
    await screenshot(page, 'runlog-live');
  });
});
