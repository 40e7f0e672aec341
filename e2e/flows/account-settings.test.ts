// Account settings from the account menu: a new nickname shows in the header; an API key is made,
// shown once, works as a Bearer token from outside the browser, and stops working once revoked; a key
// made for one chosen project reaches that project only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { consoleUrl, createProjectInPage, openConsole, signUpInForm, type FlowPage } from '../support/flow';
import { outbox } from '../support/outbox';

describe('account settings', () => {
  let flow: FlowPage;
  beforeEach(async () => { flow = await openConsole(); });
  afterEach(async () => { await flow.close(); });

  it('changes the nickname, and makes, uses and revokes an API key', async () => {
    const { page } = flow;
    const account = `settings-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
    await signUpInForm(page, account, 'Correct-horse-9', outbox);
    await page.waitForURL('**/overview/preview');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('button', { name: 'Account settings' }).click();
    await page.waitForURL('**/overview/account');
    await page.getByRole('heading', { name: 'Account settings', level: 1 }).waitFor();
    expect(await page.title()).toMatch(/Account settings/);
    // not listed in the menu: it is opened from the account menu
    expect(await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Account settings' }).count()).toBe(0);

    await page.getByLabel(/^Nickname/).fill('Harbour-tech');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your nickname is now Harbour-tech.').waitFor();
    await page.reload();
    await page.getByRole('button', { name: /Account menu for Harbour-tech/ }).waitFor();

    await page.getByRole('button', { name: 'Make an API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make an API key' });
    await dialog.getByLabel(/^Name/).fill('Lobby wall display');
    await dialog.getByRole('button', { name: 'Make key' }).click();
    const secret = (await page.getByTestId('api-key-secret').textContent()) ?? '';
    expect(secret).toMatch(/^alk_/);
    expect(await axeViolations(page)).toEqual([]);

    // the key from outside the browser: read works, the list of projects answers
    const read = await fetch(`${consoleUrl()}/api/v1/projects`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(((await read.json()) as { code: number }).code).toBe(0);

    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('button', { name: 'Revoke the key Lobby wall display' }).click();
    await page.getByRole('dialog', { name: 'Revoke this key?' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('The key Lobby wall display was revoked.').waitFor();
    const after = await fetch(`${consoleUrl()}/api/v1/projects`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(after.status).toBe(401);
  });

  it('makes a key for one chosen project, which reaches that project and no other', async () => {
    const { page } = flow;
    const account = `scoped-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
    await signUpInForm(page, account, 'Correct-horse-9', outbox);
    await page.waitForURL('**/overview/preview');
    const harbour = await createProjectInPage(page, 'Harbour');
    const campus = await createProjectInPage(page, 'Campus');

    await page.goto('/overview/account');
    await page.getByRole('button', { name: 'Make an API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make an API key' });
    await dialog.getByLabel(/^Name/).fill('Harbour script');
    await dialog.getByLabel('Only the projects I choose').check();
    await dialog.getByRole('list', { name: 'Projects' }).getByLabel('Harbour').check();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Make key' }).click();
    const secret = (await page.getByTestId('api-key-secret').textContent()) ?? '';
    await page.getByRole('table', { name: 'API keys' }).getByText('1 project').waitFor();

    const call = async (path: string) => {
      const res = await fetch(`${consoleUrl()}/api/v1${path}`, { headers: { Authorization: `Bearer ${secret}` } });
      return { status: res.status, body: (await res.json()) as { code: number; data?: { items: Array<{ id: number }> } } };
    };
    const list = await call('/projects');
    expect(list.body.data?.items.map((p) => p.id)).toEqual([harbour]);
    expect((await call(`/projects/${harbour}/devices`)).body.code).toBe(0);
    // the other project answers as a stranger's would
    const other = await call(`/projects/${campus}/devices`);
    expect([other.status, other.body.code]).toEqual([404, 412]);
  });
});
