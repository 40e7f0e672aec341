// A company and its engineers (spec §1 profile and account management, §5 images, §6 roles): the
// company account gives its name, sets an avatar (a program renamed photo.jpg is refused by its
// bytes), and makes an engineer account on the account page; the engineer signs in with it and sees
// the company's project, which it may change but not delete.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { logInInForm, openConsole, signUpInForm, type FlowPage } from '../support/flow';
import { outbox } from '../support/outbox';

/** the smallest PNG: one pixel */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
/** the start of a Windows program (MZ header) */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0]), Buffer.alloc(120)]);
const SHOTS = process.env.E2E_SCREENSHOTS;

describe('company account and engineer accounts', () => {
  let company: FlowPage;
  let engineer: FlowPage;
  beforeEach(async () => {
    [company, engineer] = await Promise.all([openConsole(), openConsole()]);
  });
  afterEach(async () => {
    await Promise.all([company.close(), engineer.close()]);
  });

  it('makes an engineer account that signs in and works on the company’s project; an avatar is kept, a renamed program refused', async () => {
    const tag = `${Date.now()}-${Math.round(Math.random() * 1e6)}`;
    const c = company.page;
    await signUpInForm(c, `company-${tag}@example.com`, 'Correct-horse-9', outbox);
    await c.waitForURL('**/overview/preview');
    await c.goto('/overview/list');
    await c.getByRole('button', { name: 'Create project' }).click();
    const create = c.getByRole('dialog', { name: 'Create project' });
    await create.getByLabel('Project name').fill('Company HQ');
    await create.getByLabel('Scenario').selectOption('enterprise');
    await create.getByRole('button', { name: 'Create' }).click();
    await c.getByRole('button', { name: 'Open Company HQ' }).waitFor();

    await c.getByRole('button', { name: /Account menu/ }).click();
    await c.getByRole('button', { name: 'Account settings' }).click();
    await c.waitForURL('**/overview/account');
    await c.getByText('Common', { exact: true }).waitFor();

    await c.getByLabel(/^Company name/).fill('Lumen Networks');
    await c.getByRole('button', { name: 'Change company details' }).click();
    await c.getByText('Your company details were saved.').waitFor();

    // a program renamed photo.jpg passes the name check here and is refused by its bytes on the server
    const choose = c.getByLabel('Choose an image');
    await choose.setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: EXE });
    await c.getByText('The avatar must be a jpg, png, gif or bmp image').waitFor();
    expect(await c.getByRole('img', { name: 'Your avatar' }).count()).toBe(0);
    await choose.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await c.getByText('Your avatar was changed.').waitFor();
    const avatar = c.getByRole('img', { name: 'Your avatar' });
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    const engineerAccount = `engineer-${tag}@example.com`;
    await c.getByRole('button', { name: 'Make an engineer account' }).click();
    const dialog = c.getByRole('dialog', { name: 'Make an engineer account' });
    await dialog.getByLabel(/^Account/).fill(engineerAccount);
    await dialog.getByLabel(/^Nickname/).fill('Bo');
    await dialog.getByLabel(/^Password/).fill('Engineer-pass-7');
    await dialog.getByLabel(/^Confirm password/).fill('Engineer-pass-7');
    await dialog.getByRole('button', { name: 'Make account' }).click();
    await c.getByText(`The engineer account ${engineerAccount} was made: give them the password in person.`).waitFor();
    await c.getByRole('table', { name: 'Engineer accounts' }).getByText(engineerAccount).waitFor();
    expect(await axeViolations(c)).toEqual([]);
    if (SHOTS) {
      for (const title of ['Your account', 'Company', 'Engineer accounts', 'About']) {
        await c.getByRole('heading', { name: title, exact: true }).locator('xpath=..').screenshot({ path: `${SHOTS}/company-${title.replace(/ /g, '-')}.png` });
      }
    }

    // the engineer signs in with what the company gave and finds the company's project
    const e = engineer.page;
    await logInInForm(e, engineerAccount, 'Engineer-pass-7');
    await e.waitForURL('**/overview/preview');
    await e.goto('/overview/list');
    const row = e.getByRole('row').filter({ hasText: 'Company HQ' });
    await row.waitFor();
    expect(await row.textContent()).toContain("Your company's");
    expect(await e.getByRole('button', { name: 'Edit Company HQ' }).count()).toBe(1);
    expect(await e.getByRole('button', { name: 'Delete Company HQ' }).count()).toBe(0);
    await e.getByRole('button', { name: /Account menu/ }).click();
    await e.getByRole('button', { name: 'Account settings' }).click();
    await e.getByText(/You are an engineer account of Lumen Networks/).waitFor();
    expect(await e.getByRole('button', { name: 'Make an engineer account' }).count()).toBe(0);
    if (SHOTS) {
      await e.getByRole('heading', { name: 'Your account', exact: true }).locator('xpath=..').screenshot({ path: `${SHOTS}/engineer-summary.png` });
      await e.getByRole('heading', { name: 'Engineer accounts', exact: true }).locator('xpath=..').screenshot({ path: `${SHOTS}/engineer-engineers.png` });
      await e.goto('/overview/list');
      await row.waitFor();
      await e.screenshot({ path: `${SHOTS}/engineer-projects.png` });
    }
  });
});
