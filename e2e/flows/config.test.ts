// Gateway settings and switch configuration in the browser, against simulated devices — a gateway and
// a PoE switch run by this test as USP agents on the console's embedded broker: a VLAN change waits
// for the device ("online, not saved") and is then applied, read back from the device's own TR-181
// tree; a name the spec forbids is refused under its field and nothing is stored; a PoE change
// reaches the switch; the history shows old → new and a revert puts the earlier settings back.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { ConfigSection } from '@airloom/contracts';
import { createFleet, generateFleet, registerDevices, type Agent, type DeviceSpec, type Fleet } from '@airloom/device-sim';
import { launchChromium, startConsole, type RunningConsole } from '../support';
import { axeViolations } from '../support/axe';
import { createProjectInPage, manufacturerKey, signUpInForm } from '../support/flow';

const TIME_SCALE = '0.05';
const LIVE_TIMEOUT = 20_000;

let app: RunningConsole;
let browser: Browser;
let page: Page;
let fleet: Fleet;
let projectId: number;
let gateway: DeviceSpec;
let switchSpec: DeviceSpec;

/** A value of the agent's own TR-181 tree, by its path and value. */
const holds = (agent: Agent, match: (path: string, value: string) => boolean) => [...agent.tree()].some(([p, v]) => match(p, v));

beforeAll(async () => {
  app = await startConsole({ env: { TIME_SCALE } });
  browser = await launchChromium();
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();

  await signUpInForm(page, `config-${Date.now()}@example.com`, 'Correct-horse-9', () => app.outbox());
  await page.waitForURL('**/overview/preview');
  projectId = await createProjectInPage(page, 'Marina');

  const specs = generateFleet(projectId, { router: 1, switch: 1 }).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
  gateway = specs.find((s) => s.type === 'router')!;
  switchSpec = specs.find((s) => s.type === 'switch')!;
  const key = manufacturerKey(app.dataDir);
  await registerDevices(specs, { consoleUrl: app.url, key, projectId });
  fleet = createFleet(specs, { brokerUrl: app.mqttUrl, protocolVersion: 4, timeScale: Number(TIME_SCALE) });
  await fleet.start();

  await page.goto('/overview/list');
  await page.getByRole('button', { name: 'Open Marina' }).click();
  await page.waitForURL('**/manage/status**');
  for (const s of specs) await page.locator(`[data-device-sn="${s.sn}"] >> xpath=ancestor::tr//*[@data-status="1"]`).waitFor({ timeout: LIVE_TIMEOUT });
}, 120_000);

afterAll(async () => {
  await fleet?.stop();
  await browser?.close();
  await app?.stop();
});

/** The stored section as the API answers it (what the page reads). */
async function stored(section: string): Promise<ConfigSection> {
  return page.evaluate(async (url) => ((await (await fetch(url)).json()) as { data: ConfigSection }).data, `/api/v1/projects/${projectId}/gateway/${section}`);
}

/** Every state the section shows from now on, in order, however briefly it shows it. */
async function recordStates(): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { configStates: string[] }).configStates = seen;
    const read = () => {
      const state = document.querySelector('[data-config-state]')?.getAttribute('data-config-state') ?? '';
      if (state && seen[seen.length - 1] !== state) seen.push(state);
    };
    read();
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-config-state'] });
  });
  return () => page.evaluate(() => (window as unknown as { configStates: string[] }).configStates);
}

function state(): Locator {
  return page.locator('[data-config-state]');
}

/** The sentence under a field (what it is described by). */
function messageOf(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

describe('gateway settings and switch configuration', () => {
  it('a gateway VLAN change shows "online, not saved", then "Applied", and the device holds it', async () => {
    await page.goto('/manage/networkconf/vlan');
    const form = page.getByRole('form', { name: 'VLAN' });
    await form.waitFor();
    await page.getByText(`Gateway ${gateway.name} (${gateway.model})`).waitFor();

    await form.getByLabel('VLAN IDs to add').fill('20');
    await form.getByRole('button', { name: 'Add VLANs' }).click();
    await form.getByLabel('Name of VLAN 20').fill('Guests');
    await form.getByLabel('IP address of VLAN 20').fill('10.20.0.1');

    const states = await recordStates();
    // the device handles what it is sent a little late, so the wait is on screen long enough to see
    fleet.get(gateway.sn)!.latencyMs = 1500;
    await form.getByRole('button', { name: 'Save' }).click();
    // first the wait (the page had "Applied" for the factory settings before), then the device's confirmation
    await expect.poll(states, { timeout: LIVE_TIMEOUT }).toContain('pending');
    await expect.poll(() => state().getAttribute('data-config-state'), { timeout: LIVE_TIMEOUT }).toBe('applied');
    fleet.get(gateway.sn)!.latencyMs = 0;
    const seen = await states();
    expect(seen).toContain('pending');
    expect(seen.at(-1)).toBe('applied');
    expect(await state().textContent()).toContain('Applied');
    // read back from the device itself
    expect(holds(fleet.get(gateway.sn)!, (p, v) => p.endsWith('.VLANID') && v === '20')).toBe(true);
    expect(holds(fleet.get(gateway.sn)!, (p, v) => p.endsWith('.Name') && v === 'Guests')).toBe(true);
  });

  it('a VLAN name the spec forbids shows its sentence under the field, and nothing is stored', async () => {
    await page.goto('/manage/networkconf/vlan');
    const form = page.getByRole('form', { name: 'VLAN' });
    const name = form.getByLabel('Name of VLAN 20');
    await name.waitFor();
    const before = await stored('vlan');
    await name.fill('br0');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await messageOf(name)).toBe('br0 and IPTV are reserved VLAN names');
    expect(await form.getByRole('button', { name: 'Save' }).getAttribute('aria-disabled')).toBe('true');
    await name.press('Enter');
    await form.getByRole('button', { name: 'Save' }).click({ force: true });
    expect((await stored('vlan')).version).toBe(before.version);
    expect(holds(fleet.get(gateway.sn)!, (p, v) => p.endsWith('.Name') && v === 'br0')).toBe(false);
    await form.getByRole('button', { name: 'Discard changes' }).click();
    expect(await name.inputValue()).toBe('Guests');
  });

  it('the history shows old → new, and reverting the earlier version (after a confirmation) puts it back on the device', async () => {
    await page.goto('/manage/networkconf/vlan');
    const form = page.getByRole('form', { name: 'VLAN' });
    await form.getByLabel('Name of VLAN 20').fill('Staff');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => holds(fleet.get(gateway.sn)!, (p, v) => p.endsWith('.Name') && v === 'Staff'), { timeout: LIVE_TIMEOUT }).toBe(true);
    await expect.poll(() => state().getAttribute('data-config-state'), { timeout: LIVE_TIMEOUT }).toBe('applied');

    await page.getByRole('button', { name: 'History' }).click();
    const drawer = page.getByRole('complementary', { name: 'History: VLAN' });
    const newest = drawer.locator('[data-change-id]').first();
    await expect.poll(() => newest.textContent(), { timeout: LIVE_TIMEOUT }).toContain('Guests → Staff');
    expect(await newest.getByRole('button', { name: /^Revert/ }).count()).toBe(0);
    const earlier = drawer.locator('[data-change-id]').nth(1);
    expect(await earlier.textContent()).toContain('Applied');
    const version = (await earlier.textContent())!.match(/Version (\d+)/)![1];
    await earlier.getByRole('button', { name: `Revert to version ${version}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revert these settings?' });
    await confirm.getByRole('button', { name: 'Revert' }).click();
    await expect.poll(() => holds(fleet.get(gateway.sn)!, (p, v) => p.endsWith('.Name') && v === 'Guests'), { timeout: LIVE_TIMEOUT }).toBe(true);
    await expect.poll(() => form.getByLabel('Name of VLAN 20').inputValue(), { timeout: LIVE_TIMEOUT }).toBe('Guests');
    await expect.poll(() => drawer.locator('[data-change-id]').first().textContent(), { timeout: LIVE_TIMEOUT }).toContain('Staff → Guests');
    await page.getByRole('button', { name: 'Close the history' }).click();
  });

  it('a gateway that is offline gets the change when it returns: "waiting" meanwhile, then applied on the device', async () => {
    const agent = fleet.get(gateway.sn)!;
    await agent.stop();
    await page.goto('/manage/networkconf/vlan');
    const form = page.getByRole('form', { name: 'VLAN' });
    await form.getByLabel('Name of VLAN 20').waitFor();
    // the console has seen it go: the gateway's settings are kept for its return
    await expect.poll(async () => (await page.evaluate(async (url) => ((await (await fetch(url)).json()) as { data: { status: number } }).data.status, `/api/v1/projects/${projectId}/devices/${gateway.sn}`)), { timeout: LIVE_TIMEOUT }).toBe(0);
    await form.getByLabel('Name of VLAN 20').fill('Lobby');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => state().getAttribute('data-config-state'), { timeout: LIVE_TIMEOUT }).toBe('waiting');
    expect(holds(agent, (p, v) => p.endsWith('.Name') && v === 'Lobby')).toBe(false);
    await agent.start();
    await expect.poll(() => state().getAttribute('data-config-state'), { timeout: LIVE_TIMEOUT }).toBe('applied');
    expect(holds(agent, (p, v) => p.endsWith('.Name') && v === 'Lobby')).toBe(true);
  });

  it('a switch PoE change: the budget as the switch reports it, and the port turned off on the device', async () => {
    await page.goto('/manage/devconf');
    await page.getByRole('button', { name: `Configure ${switchSpec.name}` }).click();
    await page.getByRole('navigation', { name: `Settings of ${switchSpec.name}` }).getByRole('link', { name: 'PoE' }).click();
    const budget = page.getByRole('group', { name: 'PoE power' });
    await budget.waitFor({ timeout: LIVE_TIMEOUT });
    expect(await budget.textContent()).toMatch(/Total\d+\.\d\d W/);

    const form = page.getByRole('form', { name: 'PoE' });
    await form.getByLabel('PoE on port 1', { exact: true }).uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    const off = () => holds(fleet.get(switchSpec.sn)!, (p, v) => p === 'Device.Ethernet.Interface.1.X_AIRLOOM_PoEEnable' && v === 'false');
    await expect.poll(off, { timeout: LIVE_TIMEOUT }).toBe(true);
    await expect.poll(() => state().textContent(), { timeout: LIVE_TIMEOUT }).toMatch(/^Applied.*Version 1,/);
  });

  // two tests of seven pages each: thirteen pages and axe's runs took over a minute on a loaded CI machine
  it('the gateway settings pages have no serious or critical accessibility violations', async () => {
    const pages = ['/manage/networkconf/netset', '/manage/networkconf/vlan', '/manage/networkconf/dhcp', '/manage/networkconf/static', '/manage/networkconf/router', '/manage/networkconf/port', '/manage/devconf'];
    for (const path of pages) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('[data-config-state], table').first().waitFor({ timeout: LIVE_TIMEOUT });
      expect(await axeViolations(page), path).toEqual([]);
    }
  });

  it('the switch configuration tabs and the history panel have no serious or critical accessibility violations', async () => {
    for (const tab of ['name', 'mgmt-ip', 'switch-ports', 'switch-vlan', 'switch-dhcp', 'poe']) {
      await page.goto(`/manage/devconf/${switchSpec.sn}/${tab}`);
      await page.locator('[data-config-state]').waitFor({ timeout: LIVE_TIMEOUT });
      expect(await axeViolations(page), tab).toEqual([]);
    }
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('complementary', { name: /^History: / }).waitFor();
    expect(await axeViolations(page), 'history').toEqual([]);
  });

  it('the demo project shows its gateway settings read-only and says why', async () => {
    await page.goto('/manage/networkconf/vlan?project=500000');
    const form = page.getByRole('form', { name: 'VLAN' });
    await form.waitFor({ timeout: LIVE_TIMEOUT });
    await page.getByText(/You can look at these settings but not change them: /).waitFor();
    expect(await form.getByRole('button', { name: 'Save' }).count()).toBe(0);
  });
});
