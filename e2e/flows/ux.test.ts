// A new user on a phone (390×844) and on a desktop: the menu, the account menu and dialogs stay on
// screen, dialogs start on their first field, toasts keep clear of the account menu and of a side
// panel's close button, a new project starts in the browser's time zone, every page has
// its own title, and axe-core finds no serious or critical violation on the shell's and overview's pages.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { CSRF_HEADER } from '@airloom/contracts';
import { createFleet, generateFleet, registerDevices, type Fleet } from '@airloom/device-sim';
import { axeViolations } from '../support/axe';
import { consoleUrl, openConsole, signUpInForm, type FlowPage } from '../support/flow';
import { outbox } from '../support/outbox';

const PHONE = { width: 390, height: 844 };

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element is not rendered');
  return b;
}

/** Whole element inside the viewport (what a user can see without zooming or scrolling sideways). */
async function expectOnScreen(page: Page, locator: Locator) {
  const b = await box(locator);
  const { width, height } = page.viewportSize() ?? PHONE;
  expect({ left: b.x >= 0, top: b.y >= 0, right: b.x + b.width <= width, bottom: b.y + b.height <= height }).toEqual({ left: true, top: true, right: true, bottom: true });
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function newAccount(page: Page): Promise<string> {
  const account = `ux-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  await signUpInForm(page, account, 'Correct-horse-9', outbox);
  await page.waitForURL('**/overview/preview');
  return account;
}

describe('phone layout (390×844)', () => {
  let flow: FlowPage;
  beforeEach(async () => { flow = await openConsole(); await flow.page.setViewportSize(PHONE); });
  afterEach(async () => { await flow.close(); });

  it('menu drawer, account menu with Log out, and the Create project dialog all fit the screen', async () => {
    const { page } = flow;
    await newAccount(page);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    // nothing wider than the phone: no sideways scrolling
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // the menu: a drawer behind the Menu button, on screen, closed by choosing a page
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Main menu' });
    await expectOnScreen(page, drawer);
    await drawer.getByRole('link', { name: 'Projects' }).click();
    await page.waitForURL('**/overview/list');
    await drawer.waitFor({ state: 'detached' });

    // the account menu and its Log out
    const account = page.getByRole('button', { name: /Account menu/ });
    await expectOnScreen(page, account);
    await account.click();
    await expectOnScreen(page, page.getByRole('button', { name: 'Log out' }));
    await page.keyboard.press('Escape');

    // the Create project dialog: inside the screen, starting on its first field
    await page.getByRole('button', { name: 'Create project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create project' });
    await expectOnScreen(page, dialog);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '')).toMatch(/^Project name/);

    // saving shows a toast, which keeps clear of the account menu
    await dialog.getByLabel('Project name').fill('Pocket Cafe');
    await dialog.getByLabel('Scenario').selectOption('restaurant');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Pocket Cafe' });
    await toast.waitFor();
    await expectOnScreen(page, toast);
    await account.click();
    const logOut = page.getByRole('button', { name: 'Log out' });
    expect(overlaps(await box(toast), await box(account))).toBe(false);
    expect(overlaps(await box(toast), await box(logOut))).toBe(false);
  });
});

describe('pages a new user meets (1280×800)', () => {
  let flow: FlowPage;
  // a user in São Paulo: the browser's named zone is the new project's default (UTC-3, no DST since 2019)
  beforeEach(async () => { flow = await openConsole({ timezoneId: 'America/Sao_Paulo' }); });
  afterEach(async () => { await flow.close(); });

  it('each has its own title and no serious or critical axe violation, and one main landmark', async () => {
    const { page } = flow;
    const check = async (title: string) => {
      await page.waitForFunction((t) => document.title === t, title);
      expect({ title, violations: await axeViolations(page) }).toEqual({ title, violations: [] });
      expect(await page.locator('main').count()).toBe(1);
    };

    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    await check('Log in · Airloom');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('button', { name: 'Send code' }).waitFor();
    await check('Sign up · Airloom');
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await check('Forgot password · Airloom');

    await newAccount(page);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await check('Overview · Airloom');
    // a new account owns nothing: the demo projects are apart, not "my projects", and can be hidden
    await page.getByRole('region', { name: 'My projects' }).getByText('No projects yet').waitFor();
    const demo = page.getByRole('region', { name: 'Demo projects' });
    await demo.getByRole('heading', { name: 'Demo Hotel' }).waitFor();
    await demo.getByRole('button', { name: 'Hide demo projects' }).click();
    await page.reload();
    await demo.getByText('The 2 demo projects are hidden.').waitFor();
    expect(await page.getByRole('heading', { name: 'Demo Hotel' }).count()).toBe(0);

    await page.goto('/overview/list');
    await page.getByRole('button', { name: 'Create project' }).waitFor();
    await check('Projects · Airloom');

    await page.getByRole('button', { name: 'Create project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create project' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await dialog.getByLabel('Project name').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialog.getByLabel('Time zone').inputValue()).toBe('America/Sao_Paulo');
    await dialog.getByLabel('Project name').fill('Lakeside Clinic');
    await dialog.getByLabel('Scenario').selectOption('hospital');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('cell', { name: 'Lakeside Clinic', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'America/Sao Paulo (UTC-3)', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Delete Lakeside Clinic' }).click();
    await page.getByRole('dialog', { name: 'Delete project' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // a project page without a project asks for one, and says so in the title
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/manage/status');
    await page.getByRole('heading', { name: 'Choose a project' }).waitFor();
    await check('Network status · Choose a project · Airloom');
    await page.getByRole('button', { name: 'Open Lakeside Clinic' }).click();
    await check('Network status · Lakeside Clinic · Airloom');

    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await check('Page not found · Airloom');
  });

  it('the header project picker moves with the arrows, chooses with Enter and goes into the project', async () => {
    const { page } = flow;
    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    // the live demo's overview: the demo projects are its projects
    await page.getByRole('region', { name: 'My projects' }).getByRole('heading', { name: 'Demo Hotel' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const picker = page.getByRole('button', { name: /Current project/ });
    await picker.focus();
    await page.keyboard.press('ArrowDown');
    const listbox = page.getByRole('listbox', { name: 'Current project' });
    await listbox.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    // moving changed nothing yet
    expect(new URL(page.url()).pathname).toBe('/overview/preview');
    expect(await page.evaluate(() => sessionStorage.getItem('airloom.project'))).toBeNull();
    const highlighted = await listbox.evaluate((el) => document.getElementById(el.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/manage/status');
    // the demo projects and the commissioning demo shared with the live demo (Harbour Inn)
    const name = ['Demo Home', 'Demo Hotel', 'Harbour Inn'].find((n) => highlighted.startsWith(n)) ?? highlighted;
    await page.waitForFunction((n) => document.title === `Network status · ${n} · Airloom`, name);
    expect(await picker.textContent()).toContain(name);

    // the live demo's project list too
    await page.goto('/overview/list');
    await page.getByRole('cell', { name: 'Demo Hotel', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('toasts beside the device panel (1280×800)', () => {
  let flow: FlowPage;
  let fleet: Fleet | undefined;
  beforeEach(async () => { flow = await openConsole(); });
  afterEach(async () => {
    await fleet?.stop();
    await flow.close();
  });

  it('a toast never covers the panel\'s close button or the account menu', async () => {
    const { page } = flow;
    await newAccount(page);
    const created = await page.evaluate(async (header) => {
      const res = await fetch('/api/v1/projects', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [header]: '1' },
        body: JSON.stringify({ projectName: 'Toast Bay', scenario: 'hotel' }),
      });
      return ((await res.json()) as { data: { id: number } }).data.id;
    }, CSRF_HEADER);
    // one real USP agent of the project, registered by the manufacturer API
    const specs = generateFleet(created, 1).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
    const key = readFileSync(path.join(inject('consoleDataDir'), 'manufacturer.key'), 'utf8').trim();
    await registerDevices(specs, { consoleUrl: consoleUrl(), key, projectId: created });
    fleet = createFleet(specs, { brokerUrl: inject('consoleMqttUrl'), protocolVersion: 4 });
    await fleet.start();
    const spec = specs[0]!;

    await page.goto('/overview/list');
    await page.getByRole('button', { name: 'Open Toast Bay' }).click();
    await page.waitForURL('**/manage/status**');
    await page.locator(`tr:has([data-device-sn="${spec.sn}"]) [data-status="1"]`).waitFor(); // online

    // the detail panel is open when the toast comes
    await page.getByRole('button', { name: `${spec.name} ${spec.sn}, details` }).click();
    const panel = page.getByRole('complementary');
    const close = panel.getByRole('button', { name: 'Close details' });
    await close.waitFor();
    await panel.getByRole('button', { name: `Rename ${spec.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename device' });
    await dialog.getByLabel('Device name').fill('Bay-AP');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Bay-AP' }).first();
    await toast.waitFor();

    const account = page.getByRole('button', { name: /Account menu/ });
    expect(overlaps(await box(toast), await box(close))).toBe(false);
    expect(overlaps(await box(toast), await box(account))).toBe(false);
    await close.click(); // and the close button really takes the click
    await panel.waitFor({ state: 'detached' });
  });
});
