// Bulk actions on the device list in Chromium: a user chooses two running simulated APs and one that
// never connected, restarts them in one go, and reads one result per device — the offline one
// refused with the spec's reason, the others restarted and finished live.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { createFleet, generateFleet, registerDevices, type Fleet } from '@airloom/device-sim';
import { consoleUrl, createProjectInPage, manufacturerKey, openConsole, signUpInForm, type FlowPage } from '../support/flow';
import { outbox } from '../support/outbox';

const LIVE_TIMEOUT = 30_000;

describe('bulk actions on the device list', () => {
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

  it('restarts the chosen devices, refuses the offline one with its reason, and shows the restarts finish', async () => {
    const { page } = flow;
    await signUpInForm(page, `bulk-${Date.now()}@example.com`, 'Correct-horse-9', () => outbox());
    await page.waitForURL('**/overview/preview');
    const projectId = await createProjectInPage(page, 'Bulk hotel');
    const specs = generateFleet(projectId, { ap: 3 }).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
    await registerDevices(specs, { consoleUrl: consoleUrl(), key: manufacturerKey(inject('consoleDataDir')), projectId });
    // two of the three connect; the third stays offline
    fleet = createFleet(specs.slice(0, 2), { brokerUrl: inject('consoleMqttUrl'), protocolVersion: 4, timeScale: 0.05 });
    await fleet.start();

    await page.goto(`/manage/devconf?project=${projectId}`);
    await page.getByRole('table', { name: 'Devices', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Select all 3' }).click();
    const bar = page.getByRole('group', { name: '3 devices selected' });
    // the two running ones must be online before the restart, or they would be refused too
    await expect.poll(async () => (await page.getByRole('table', { name: 'Devices', exact: true }).textContent())?.match(/Online/g)?.length ?? 0, { timeout: LIVE_TIMEOUT }).toBe(2);
    await bar.getByRole('button', { name: 'Restart' }).click();
    const confirm = page.getByRole('dialog', { name: 'Restart' });
    expect(await confirm.textContent()).toContain('Restart 3 devices?');
    await confirm.getByRole('button', { name: 'Restart' }).click();

    const results = page.getByRole('dialog', { name: 'Restart: results' });
    await results.waitFor();
    expect(await results.textContent()).toContain('2 succeeded, 1 refused, 0 failed.');
    // the device that never connected: refused with the spec's reason (offline, 36)
    const refused = results.getByRole('row').filter({ hasText: 'Refused' });
    expect(await refused.count()).toBe(1);
    expect(await refused.textContent()).toMatch(/offline/i);
    // each restart runs on the simulated device (a minute × 0.05) and then ends
    await expect.poll(async () => (await results.textContent())?.match(/Done/g)?.length ?? 0, { timeout: LIVE_TIMEOUT }).toBe(2);
    // sign-up, devices connecting and two restarts: more than the default minute on a busy machine
  }, 120_000);
});
