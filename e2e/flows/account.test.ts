// A new installer: sign-up (signed in at once) → create a project → logout (storage cleared as spec §4) → login → project still there.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logInInForm, openConsole, signUpInForm, type FlowPage } from '../support/flow';
import { outbox } from '../support/outbox';

const STORAGE = {
  project: 'airloom.project',
  lastAccount: 'airloom.lastAccount',
  lastNick: 'airloom.lastNick',
  accessType: 'airloom.accessType',
  rightWidth: 'airloom.rightWidth',
  floatCoordinates: 'airloom.floatCoordinates',
  floatStatus: 'airloom.floatStatus',
  topologyTips: 'airloom.topologyTips',
  showUpgradeAlertInfo: 'airloom.showUpgradeAlertInfo',
  globalStorage: 'airloom.global',
};

describe('account and project lifecycle', () => {
  let flow: FlowPage;
  beforeEach(async () => { flow = await openConsole(); });
  afterEach(async () => { await flow.close(); });

  it('signs up, creates a project, logs out with storage cleared, and finds the project again', async () => {
    const { page } = flow;
    const account = `installer-${Date.now()}@example.com`;
    const password = 'Correct-horse-9';

    await signUpInForm(page, account, password, outbox);
    // The sign-up itself signs the new user in: no second password entry, straight to the overview.
    await page.waitForURL('**/overview/preview');
    await page.getByRole('button', { name: `Account menu for ${account.split('@')[0]}` }).waitFor();

    await page.goto('/overview/list');
    await page.getByRole('button', { name: 'Create project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create project' });
    await dialog.getByLabel('Project name').fill('Seaview Hotel');
    await dialog.getByLabel('Scenario').selectOption('hotel');
    await dialog.getByLabel('Location').fill('Lisbon');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('cell', { name: 'Seaview Hotel', exact: true }).waitFor();

    // Open it, so the project is the current one in session storage.
    await page.getByRole('button', { name: 'Open Seaview Hotel' }).click();
    await page.waitForFunction((key) => sessionStorage.getItem(key)?.includes('Seaview Hotel') ?? false, STORAGE.project);

    // Leave something in every store the logout sequence must clear.
    await page.evaluate((keys) => {
      localStorage.setItem(keys.rightWidth, '680');
      localStorage.setItem(keys.floatCoordinates, '{"x":1,"y":2}');
      localStorage.setItem(keys.floatStatus, 'open');
      localStorage.setItem(keys.topologyTips, '["tip"]');
      localStorage.setItem(keys.showUpgradeAlertInfo, 'false');
    }, STORAGE);

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/static/lrf**');

    const left = await page.evaluate((keys) => {
      const read = (key: string) => localStorage.getItem(key) ?? sessionStorage.getItem(key);
      return Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, read(key)]));
    }, STORAGE);
    expect(left).toEqual({
      project: null, lastAccount: null, lastNick: null, accessType: null, rightWidth: null, floatCoordinates: null,
      floatStatus: null, topologyTips: null, showUpgradeAlertInfo: 'true', globalStorage: null,
    });
    // The session is gone on the server too.
    const me = await page.evaluate(async () => (await fetch('/api/v1/auth/me')).status);
    expect(me).toBe(401);

    await logInInForm(page, account, password);
    await page.waitForURL('**/overview/preview');
    await page.goto('/overview/list');
    await page.getByRole('cell', { name: 'Seaview Hotel', exact: true }).waitFor();
  });
});
