// Wireless policies in the browser, against two simulated APs: a policy is created in the dialog and
// waits as a pending change (a diff and the devices it reaches; nothing sent), is confirmed, the APs show
// status 7 then 1 on the page, and the SSIDs are in the simulated APs' TR-181 trees. A refused field
// (2.4 and 5 GHz names equal, 2008) is shown under its field and nothing is stored. The demo hotel's
// policies are read-only.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CSRF_HEADER, DEMO_PROJECT_IDS, ErrorCode } from '@airloom/contracts';
import { createFleet, generateFleet, registerDevices, type DeviceSpec, type Fleet } from '@airloom/device-sim';
import { launchChromium, startConsole, type RunningConsole } from '../support';
import { createProjectInPage, manufacturerKey, signUpInForm } from '../support/flow';

const TIME_SCALE = '0.05';
const LIVE_TIMEOUT = 30_000;

let app: RunningConsole;
let browser: Browser;
let page: Page;
let fleet: Fleet;
let projectId: number;
let aps: DeviceSpec[];

async function call(method: string, url: string, body?: unknown): Promise<{ code: number; data?: unknown }> {
  return page.evaluate(
    async ({ method, url, body, header }) => {
      const res = await fetch(url, { method, headers: { 'Content-Type': 'application/json', [header]: '1' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return (await res.json()) as { code: number; data?: unknown };
    },
    { method, url: `/api/v1/projects/${projectId}${url}`, body, header: CSRF_HEADER },
  );
}

const ssidsOf = (sn: string) => [...fleet.get(sn)!.tree()].filter(([p]) => /^Device\.WiFi\.SSID\.\d+\.SSID$/.test(p)).map(([, v]) => v);

beforeAll(async () => {
  app = await startConsole({ env: { TIME_SCALE } });
  browser = await launchChromium();
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  await signUpInForm(page, `wl-${Date.now()}@example.com`, 'Correct-horse-9', () => app.outbox());
  await page.waitForURL('**/overview/preview');
  projectId = await createProjectInPage(page, 'Quay Inn');

  aps = generateFleet(projectId, { ap: 2 }).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
  await registerDevices(aps, { consoleUrl: app.url, key: manufacturerKey(app.dataDir), projectId });
  fleet = createFleet(aps, { brokerUrl: app.mqttUrl, protocolVersion: 4, timeScale: Number(TIME_SCALE) });
  await fleet.start();

  await page.goto('/overview/list');
  await page.getByRole('button', { name: 'Open Quay Inn' }).click();
  await page.waitForURL('**/manage/status**');
  for (const s of aps) await page.locator(`[data-device-sn="${s.sn}"] >> xpath=ancestor::tr//*[@data-status="1"]`).waitFor({ timeout: LIVE_TIMEOUT });
}, 180_000);

afterAll(async () => {
  await fleet?.stop();
  await browser?.close();
  await app?.stop();
});

describe('wireless policies', () => {
  it('a policy is created as a pending change, confirmed, and applied: status 7 → 1 on the page, the SSIDs in the APs\' trees', async () => {
    await page.goto('/manage/wirelessconf');
    await page.getByText('No wireless policies yet').waitFor({ timeout: LIVE_TIMEOUT });
    await page.getByText('No pending change: the devices hold the policies above.').waitFor();

    await page.getByRole('button', { name: 'Add policy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a wireless policy' });
    await dialog.getByLabel('Policy name').fill('Staff');
    await dialog.getByLabel('Wi-Fi name on 2.4 GHz').fill('Quay-Staff');
    await dialog.getByLabel('Wi-Fi name on 5 GHz').fill('Quay-Staff-5G');
    await dialog.getByLabel('Wi-Fi password').fill('correct-horse-9');
    await dialog.getByRole('button', { name: 'Add to pending change' }).click();
    await dialog.waitFor({ state: 'detached' });

    // the pending change: what it adds and which devices it reaches; nothing has been sent
    const pending = page.getByTestId('pending-change');
    await pending.getByText('policies[id=1]: added').waitFor();
    const reaches = await page.getByTestId('pending-devices').textContent();
    expect(reaches).toContain('Confirming sends it to 2 devices');
    for (const s of aps) expect(reaches).toContain(s.name);
    await page.getByRole('table', { name: 'Wireless policies' }).getByRole('cell', { name: 'Quay-Staff / Quay-Staff-5G' }).waitFor();
    await page.waitForTimeout(500);
    for (const s of aps) expect(ssidsOf(s.sn)).not.toContain('Quay-Staff');

    // the APs stop answering for a while, like devices busy with something else: applying (7) is on
    // the page until they answer again, however loaded the machine (a fast AP can be applied before it
    // paints, and a slow answer set with latency ran into the request timeout on a loaded machine)
    for (const s of aps) fleet.get(s.sn)!.hold();
    await pending.getByRole('button', { name: 'Confirm and send' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send the change to the devices?' });
    expect(await confirm.textContent()).toContain('The change goes to 2 devices now');
    await confirm.getByRole('button', { name: 'Confirm and send' }).click();
    await page.getByText('The change is on its way to the devices.').waitFor();

    const devices = page.getByTestId('wireless-devices');
    try {
      for (const s of aps) await devices.locator(`li[data-sn="${s.sn}"][data-status="7"]`).waitFor({ timeout: LIVE_TIMEOUT });
    } finally {
      for (const s of aps) fleet.get(s.sn)!.release();
    }
    for (const s of aps) await devices.locator(`li[data-sn="${s.sn}"][data-state="applied"][data-status="1"]`).waitFor({ timeout: LIVE_TIMEOUT });
    await pending.getByText('No pending change: the devices hold the policies above.').waitFor();
    // the simulated APs hold both names in their TR-181 trees
    for (const s of aps) expect(ssidsOf(s.sn)).toEqual(expect.arrayContaining(['Quay-Staff', 'Quay-Staff-5G']));
  }, 120_000);

  it('a refused field is shown under its field, and nothing is stored', async () => {
    // what is stored: the policies, their version and the pending change (the devices' live status may move meanwhile)
    const stored = async () => {
      const { data } = (await call('GET', '/wireless/policies')) as { data: { policies: unknown; version: unknown; pending: unknown } };
      return JSON.stringify({ policies: data.policies, version: data.version, pending: data.pending });
    };
    const before = await stored();
    await page.getByRole('button', { name: 'Add policy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a wireless policy' });
    await dialog.getByLabel('Policy name').fill('Lobby');
    await dialog.getByLabel('Wi-Fi name on 2.4 GHz').fill('Quay-Lobby');
    await dialog.getByLabel('Wi-Fi name on 5 GHz').fill('Quay-Lobby');
    await dialog.getByLabel('Wi-Fi password').fill('correct-horse-9');
    await dialog.getByRole('button', { name: 'Add to pending change' }).click();
    const field = dialog.getByLabel('Wi-Fi name on 5 GHz');
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const under = await Promise.all(describedBy.split(/\s+/).filter(Boolean).map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(under.join(' ')).toContain('The 2.4 GHz and 5 GHz Wi-Fi names must differ');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // the server refuses the same with 2008, whoever sends it
    const sent = await call('POST', '/wireless/policies', {
      name: 'Lobby', ssid: 'Quay-Lobby', ssid5: 'Quay-Lobby', band: 'dual', securityMode: 2, cipher: 'aes', password: 'correct-horse-9', keyUpdateCycle: 0,
      vlanId: null, maxClients: 32, hidden: false, schedule: null, guest: false, rateLimit: null, radius: null, applyTo: 'all', sns: [],
    });
    expect(sent.code).toBe(ErrorCode.WIFI_NAMES_MUST_DIFFER);
    expect(await stored()).toBe(before);
    await page.getByText('No pending change: the devices hold the policies above.').waitFor();
  });

  it('the demo hotel\'s policies are read-only', async () => {
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 390, height: 844 } });
    const demo = await context.newPage();
    try {
      await demo.goto('/static/lrf');
      await demo.getByRole('button', { name: 'Try the live demo' }).click();
      await demo.waitForURL('**/overview/preview');
      await demo.goto(`/manage/wirelessconf?project=${DEMO_PROJECT_IDS.WLAN}`);
      await demo.getByText(/You can look at the policies but not change them/).waitFor({ timeout: LIVE_TIMEOUT });
      const table = demo.getByRole('table', { name: 'Wireless policies' });
      await table.getByRole('cell', { name: 'Staff', exact: true }).waitFor();
      expect(await demo.getByRole('button', { name: 'Add policy' }).count()).toBe(0);
      expect(await demo.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
      expect(await demo.getByRole('button', { name: 'Confirm and send' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
