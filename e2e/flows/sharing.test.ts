// Handing a site over (spec §1 project sharing, §3 Project share, §4 expiry): the owner shares a
// project read-only for an hour from the Permission sharing page; the guest sees it and cannot change
// it; the owner ends the share now, and the guest's next request is refused and the page says so.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { openConsole, signUpInForm, type FlowPage } from '../support/flow';
import { outbox } from '../support/outbox';

async function newAccount(page: Page, tag: string): Promise<string> {
  const account = `${tag}-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  await signUpInForm(page, account, 'Correct-horse-9', outbox);
  await page.waitForURL('**/overview/preview');
  return account;
}

describe('permission sharing', () => {
  let owner: FlowPage;
  let guest: FlowPage;
  beforeEach(async () => {
    [owner, guest] = await Promise.all([openConsole(), openConsole()]);
  });
  afterEach(async () => {
    await Promise.all([owner.close(), guest.close()]);
  });

  it('shares read-only for an hour, the guest cannot change the project, and ending the share locks the guest out at once', async () => {
    const guestAccount = await newAccount(guest.page, 'guest');
    const o = owner.page;
    await newAccount(o, 'owner');
    await o.goto('/overview/list');
    await o.getByRole('button', { name: 'Create project' }).click();
    const create = o.getByRole('dialog', { name: 'Create project' });
    await create.getByLabel('Project name').fill('Harbour Hotel');
    await create.getByLabel('Scenario').selectOption('hotel');
    await create.getByRole('button', { name: 'Create' }).click();
    await o.getByRole('button', { name: 'Open Harbour Hotel' }).click();
    await o.waitForURL('**/manage/status**');
    // the menu is used at once, while the status page may still be mounting: the click must win

    // the owner's menu has the page; the form's rules are contracts'
    await o.getByRole('link', { name: 'Permission sharing' }).click();
    await o.waitForURL('**/manage/authority**');
    await o.getByText('Not shared with anybody').waitFor();
    expect(await o.title()).toMatch(/Permission sharing/);
    await o.getByRole('button', { name: 'Share project' }).click();
    const dialog = o.getByRole('dialog', { name: 'Share project' });
    await dialog.getByLabel(/Account/).fill(guestAccount);
    await dialog.getByLabel(/Hours from now/).fill('0');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByText('A share lasts 1 to 8760 hours, or is permanent').waitFor();
    await dialog.getByLabel(/Hours from now/).fill('1');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await o.getByText(`The project is now shared with ${guestAccount}.`).waitFor();
    const row = o.getByRole('row').filter({ hasText: guestAccount });
    await expect.poll(() => row.textContent()).toMatch(/Guest.*Read-only.*Until.*1 hour.*Active/);
    expect(await axeViolations(o)).toEqual([]);

    // the guest sees the project read-only: no edit, delete or device changes
    const g = guest.page;
    await g.goto('/overview/list');
    const guestRow = g.getByRole('row').filter({ hasText: 'Harbour Hotel' });
    await guestRow.waitFor();
    expect(await guestRow.textContent()).toContain('Invited read-only');
    expect(await g.getByRole('button', { name: 'Edit Harbour Hotel' }).count()).toBe(0);
    expect(await g.getByRole('button', { name: 'Delete Harbour Hotel' }).count()).toBe(0);
    await g.getByRole('button', { name: 'Open Harbour Hotel' }).click();
    await g.waitForURL('**/manage/status**');
    await g.getByRole('heading', { name: 'Network status', level: 1 }).waitFor();
    expect(await g.getByRole('button', { name: 'Add device' }).count()).toBe(0);

    // the owner ends the share now, after a confirmation
    await row.getByRole('button', { name: `End now the share with ${guestAccount}` }).click();
    const confirm = o.getByRole('dialog', { name: 'End this share now?' });
    await confirm.getByRole('button', { name: 'End now' }).click();
    await o.getByText(`The share with ${guestAccount} has ended.`).waitFor();
    await expect.poll(() => row.textContent()).toContain('Expired');

    // the guest's next request is refused, and the page says so; the project has left the list
    await g.reload();
    await g.getByText('This project does not exist or is not shared with you.').first().waitFor();
    await g.goto('/overview/list');
    await g.getByRole('table', { name: 'Projects' }).waitFor();
    expect(await g.getByRole('row').filter({ hasText: 'Harbour Hotel' }).count()).toBe(0);
  });

  it('transfers the project: the receiver accepts from the sent link, and the project leaves the giver', async () => {
    const receiver = await newAccount(guest.page, 'receiver');
    const o = owner.page;
    const giver = await newAccount(o, 'giver');
    await o.goto('/overview/list');
    await o.getByRole('button', { name: 'Create project' }).click();
    const create = o.getByRole('dialog', { name: 'Create project' });
    await create.getByLabel('Project name').fill('Campus Handover');
    await create.getByLabel('Scenario').selectOption('hotel');
    await create.getByRole('button', { name: 'Create' }).click();
    await o.getByRole('button', { name: 'Open Campus Handover' }).click();
    await o.waitForURL('**/manage/status**');
    await o.getByRole('link', { name: 'Permission sharing' }).click();

    await o.getByRole('button', { name: 'Transfer project…' }).click();
    const dialog = o.getByRole('dialog', { name: 'Transfer Campus Handover' });
    await dialog.getByLabel(/Account/).fill(receiver);
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await o.getByText(`An offer to ${receiver} waits for an answer`, { exact: false }).waitFor();

    // the receiver opens the link that was sent, signed in as themselves
    const sent = [...outbox()].reverse().find((m) => m.to === receiver && m.purpose === 'transfer');
    expect(typeof sent?.link).toBe('string');
    const g = guest.page;
    await g.goto(sent!.link as string);
    await g.getByRole('heading', { name: 'Project transfer' }).waitFor();
    expect(await g.title()).toMatch(/Project transfer/);
    await g.getByText(/offers you the project Campus Handover/).waitFor();
    expect(await axeViolations(g)).toEqual([]);
    await g.getByRole('button', { name: 'Accept the project' }).click();
    await g.getByText('Campus Handover is yours now.', { exact: false }).waitFor();
    await g.getByRole('link', { name: 'Go to the project list' }).click();
    const mine = g.getByRole('row').filter({ hasText: 'Campus Handover' });
    await mine.waitFor();
    expect(await mine.textContent()).toContain('Own');
    // the new owner reads how the project came to it, on the project's sharing page
    await g.getByRole('button', { name: 'Open Campus Handover' }).click();
    await g.waitForURL('**/manage/status**');
    await g.getByRole('link', { name: 'Permission sharing' }).click();
    const history = g.getByRole('region', { name: 'Transfer history' });
    const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect.poll(() => history.textContent()).toMatch(new RegExp(`${escaped(giver)} offered the project to ${escaped(receiver)} on .+: accepted on `));

    // the giver's list no longer has it
    await o.goto('/overview/list');
    await o.getByRole('table', { name: 'Projects' }).waitFor();
    expect(await o.getByRole('row').filter({ hasText: 'Campus Handover' }).count()).toBe(0);
  });
  it('invites an address nobody signed up with: the newcomer signs up from the sent link and accepts, and sees the project read-only', async () => {
    const o = owner.page;
    await newAccount(o, 'inviter');
    await o.goto('/overview/list');
    await o.getByRole('button', { name: 'Create project' }).click();
    const create = o.getByRole('dialog', { name: 'Create project' });
    await create.getByLabel('Project name').fill('Lagoon Hotel');
    await create.getByLabel('Scenario').selectOption('hotel');
    await create.getByRole('button', { name: 'Create' }).click();
    await o.getByRole('button', { name: 'Open Lagoon Hotel' }).click();
    await o.waitForURL('**/manage/status**');
    await o.getByRole('link', { name: 'Permission sharing' }).click();

    const newcomer = `newcomer-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
    await o.getByRole('button', { name: 'Share project' }).click();
    const dialog = o.getByRole('dialog', { name: 'Share project' });
    await dialog.getByLabel(/Account/).fill(newcomer);
    await dialog.getByRole('button', { name: 'Share' }).click();
    await dialog.getByText(`Nobody has signed up as ${newcomer} yet`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await o.getByText(`An invitation was sent to ${newcomer}`, { exact: false }).waitFor();

    // the link leads a visitor to sign up first, and back to the invitation
    const sent = [...outbox()].reverse().find((m) => m.to === newcomer && m.purpose === 'invitation');
    expect(typeof sent?.link).toBe('string');
    const g = guest.page;
    await g.goto(sent!.link as string);
    await g.waitForURL('**/static/lrf**');
    await g.getByRole('link', { name: 'Sign up' }).click();
    await g.getByLabel('E-mail or mobile number').fill(newcomer);
    await g.getByRole('button', { name: 'Send code' }).click();
    await g.getByText(`A verification code was sent to ${newcomer}.`).waitFor();
    const code = [...outbox()].reverse().find((m) => m.to === newcomer && typeof m.code === 'string')!.code as string;
    await g.getByLabel('Verification code').fill(code);
    await g.getByLabel(/^Password/).fill('Correct-horse-9');
    await g.getByLabel('Confirm password').fill('Correct-horse-9');
    await g.getByRole('button', { name: 'Create account' }).click();
    await g.getByRole('heading', { name: 'Project invitation' }).waitFor();
    expect(await g.title()).toMatch(/Project invitation/);
    await g.getByText(/invites you to the project Lagoon Hotel, read-only/).waitFor();
    expect(await axeViolations(g)).toEqual([]);
    await g.getByRole('button', { name: 'Accept the invitation' }).click();
    await g.getByText('Lagoon Hotel is shared with you now.', { exact: false }).waitFor();
    await g.getByRole('link', { name: 'Go to the project list' }).click();
    await g.getByRole('row').filter({ hasText: 'Lagoon Hotel' }).waitFor();

    // the owner's list now has the share
    await o.reload();
    await o.getByRole('table', { name: 'Shares of this project' }).getByText(newcomer).waitFor();
  });
});
