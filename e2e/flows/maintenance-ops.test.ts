// The rest of a device's maintenance in Chromium, against simulated APs this test runs as USP agents on
// the console's embedded broker (one console, one project, three APs shared by the flows below):
// - reset to factory defaults from the Maintenance tab: the confirmation says the project's settings are
//   applied again; the phases show; the AP really comes back from an empty configuration and holds the
//   name the project keeps for it again;
// - management mode: handed over to local management after asking, a change is then refused with the
//   spec's sentence for 76 (on the page and by the API), and taken back to the cloud;
// - a firmware .bin uploaded from the page: a real image is listed with its SHA-256, a zip renamed .bin
//   refused (912);
// - Locate from the network status page (the AP really blinks), copying one AP's settings to another
//   from the Maintenance tab (the other AP really receives them), and a second restart asked while the
//   first is still under way refused with the spec's sentence for 71;
// - a staged rollout from the bulk bar: its canary meets a corrupted image and fails, the rollout halts
//   by itself, and once the image is sound again, Resume runs the remaining waves to the end.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CSRF_HEADER, firmwareHeader } from '@airloom/contracts';
import { createFleet, generateFleet, registerDevices, type DeviceSpec, type Fleet } from '@airloom/device-sim';
import { launchChromium, startConsole, type RunningConsole } from '../support';
import { axeViolations } from '../support/axe';
import { createProjectInPage, manufacturerKey, signUpInForm } from '../support/flow';

const TIME_SCALE = '0.05'; // reset ~9 s, upgrade ~15 s
const LIVE_TIMEOUT = 60_000;

let app: RunningConsole;
let browser: Browser;
let page: Page;
let fleet: Fleet;
let specs: DeviceSpec[];
let projectId: number;

/** A firmware image as the simulated devices accept it: the 64-byte header, then a payload. */
function image(model: string, version: string, payload = 16 * 1024): Buffer {
  return Buffer.concat([Buffer.from(firmwareHeader(model, version, payload)), randomBytes(payload)]);
}

/** A request from the signed-in page (its session and CSRF header); the body the API answered. */
async function call(method: string, url: string, body?: unknown): Promise<{ code: number; message?: string; data?: unknown }> {
  return page.evaluate(
    async ({ method, url, body, header }) => {
      const res = await fetch(`/api/v1${url}`, { method, headers: { 'Content-Type': 'application/json', [header]: '1' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return (await res.json()) as { code: number; message?: string; data?: unknown };
    },
    { method, url, body, header: CSRF_HEADER },
  );
}

beforeAll(async () => {
  app = await startConsole({ env: { TIME_SCALE, SIM_DEMO_FLEET: 'false' } });
  browser = await launchChromium();
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  await signUpInForm(page, `ops-${Date.now()}@example.com`, 'Correct-horse-9', () => app.outbox());
  await page.waitForURL('**/overview/preview');
  projectId = await createProjectInPage(page, 'Harbour hotel');
  specs = generateFleet(projectId, { ap: 3 }).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
  await registerDevices(specs, { consoleUrl: app.url, key: manufacturerKey(app.dataDir), projectId });
  fleet = createFleet(specs, { brokerUrl: app.mqttUrl, protocolVersion: 4, timeScale: Number(TIME_SCALE) });
  await fleet.start();
  await page.goto('/overview/list');
  await page.getByRole('button', { name: 'Open Harbour hotel' }).click();
  await page.waitForURL('**/manage/status**');
  for (const s of specs) await page.locator(`[data-device-sn="${s.sn}"] >> xpath=ancestor::tr//*[@data-status="1"]`).waitFor({ timeout: LIVE_TIMEOUT });
}, 120_000);

afterAll(async () => {
  await fleet?.stop();
  await browser?.close();
  await app?.stop();
});

describe('device maintenance operations', () => {
  it('resets an AP to factory defaults after saying the project settings come back: the phases show, the AP returns and holds its project name again', async () => {
    const spec = specs[0]!;
    const ap = fleet.get(spec.sn)!;
    // a setting the project keeps for the AP, on the device before the reset
    const desired = `Lobby-${randomBytes(2).toString('hex')}`;
    expect((await call('PATCH', `/projects/${projectId}/devices/${spec.sn}`, { name: desired })).code).toBe(0);
    await expect.poll(() => ap.name, { timeout: LIVE_TIMEOUT }).toBe(desired);

    await page.goto(`/manage/devconf/${spec.sn}/maintenance?project=${projectId}`);
    const card = page.locator('[data-maintenance="reset"]');
    await card.getByRole('button', { name: 'Reset…' }).click();
    const dialog = page.getByRole('dialog');
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('about 3 minutes');
    expect(text).toContain("the console applies this project's settings to it again");
    expect(await axeViolations(page), 'reset confirmation').toEqual([]);

    const names: string[] = [];
    const states: string[] = [];
    ap.on('state', (s) => {
      states.push(s);
      names.push(ap.name);
    });
    const phases: string[] = [];
    const watch = setInterval(() => {
      void card
        .locator('[data-phase]')
        .getAttribute('data-phase', { timeout: 200 })
        .then((p) => p && phases.at(-1) !== p && phases.push(p))
        .catch(() => undefined);
    }, 100);
    await dialog.getByRole('button', { name: 'Reset device' }).click();
    try {
      await card.locator('[data-phase="success"]').waitFor({ timeout: LIVE_TIMEOUT });
    } finally {
      clearInterval(watch);
    }
    expect(phases).toContain('restarting');
    await card.getByText('Done').waitFor();
    expect(ap.executions.reset).toBe(1);
    // it really went down with its configuration erased (the factory name), then came back
    expect(states).toContain('rebooting');
    expect(names.some((n) => n !== desired)).toBe(true);
    await expect.poll(() => ap.connected, { timeout: LIVE_TIMEOUT }).toBe(true);
    // and the console applied the project's settings again
    await expect.poll(() => ap.name, { timeout: LIVE_TIMEOUT }).toBe(desired);
  }, 120_000);

  it('hands an AP over to local management after asking; a change is then refused (76) on the page and by the API; it is taken back', async () => {
    const spec = specs[1]!;
    await page.goto(`/manage/devconf/${spec.sn}/maintenance?project=${projectId}`);
    const card = page.locator('[data-maintenance="management-mode"]');
    await card.getByTestId('management-mode').getByText('Managed: ', { exact: false }).waitFor({ timeout: LIVE_TIMEOUT });
    expect(await card.getByTestId('management-mode').textContent()).toMatch(/cloud/i);
    await card.getByRole('button', { name: 'Hand over to local management…' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('The console refuses every change of it');
    await dialog.getByRole('button', { name: 'Hand over' }).click();
    await card.getByText('The device is now managed locally.').waitFor({ timeout: LIVE_TIMEOUT });
    expect(await card.getByTestId('management-mode').textContent()).toMatch(/local/i);

    // the page, read again, offers no change and says why with the spec's sentence for 76
    await page.reload();
    await page.getByText(/You can see this device but not maintain it: not supported in local management mode/i).waitFor({ timeout: LIVE_TIMEOUT });
    expect(await page.locator('[data-maintenance="led"]').getByRole('button', { name: 'Off' }).isDisabled()).toBe(true);
    // the server refuses a change too, with the same sentence, and stores nothing
    const refused = await call('PATCH', `/projects/${projectId}/devices/${spec.sn}`, { name: 'Not-allowed' });
    expect(refused).toMatchObject({ code: 76, message: expect.stringMatching(/not supported in local management mode/i) });
    expect(await call('POST', `/projects/${projectId}/devices/${spec.sn}/operations`, { kind: 'led', mode: 'off' })).toMatchObject({ code: 76 });
    expect(fleet.get(spec.sn)!.name).not.toBe('Not-allowed');

    await card.getByRole('button', { name: 'Take back to the cloud…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Take back' }).click();
    await card.getByText('The device is managed from the console again.').waitFor({ timeout: LIVE_TIMEOUT });
    await page.reload();
    await page.locator('[data-maintenance="led"]').getByRole('button', { name: 'Off' }).waitFor({ timeout: LIVE_TIMEOUT });
    await expect.poll(() => page.locator('[data-maintenance="led"]').getByRole('button', { name: 'Off' }).isEnabled(), { timeout: LIVE_TIMEOUT }).toBe(true);
    expect(await page.getByText(/not supported in local management mode/i).count()).toBe(0);
  }, 90_000);

  it('uploads a firmware .bin from the page: a real image is checked and listed, a zip renamed .bin is refused by the server (912) with its sentence', async () => {
    const spec = specs[2]!;
    await page.goto(`/manage/devconf/${spec.sn}/maintenance?project=${projectId}`);
    const card = page.locator('[data-maintenance="firmware"]');
    await card.getByText(`Running firmware ${fleet.get(spec.sn)!.softwareVersion}.`).waitFor({ timeout: LIVE_TIMEOUT });
    const input = card.locator('input[type="file"]');

    // a zip archive (local file header "PK\x03\x04") with a .bin name: refused by its content
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(2048)]);
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && /\/projects\/\d+\/firmware$/.test(new URL(r.url()).pathname));
    await input.setInputFiles({ name: 'ap620-update.bin', mimeType: 'application/octet-stream', buffer: zip });
    // refused by the server (912), with the upload's sentence for it
    expect(await (await answered).json()).toMatchObject({ code: 912 });
    await card.getByText('This file is not a firmware image the console accepts (a .bin under 40 MB, with the firmware header): nothing was stored.').waitFor({ timeout: LIVE_TIMEOUT });
    const select = card.getByLabel('Firmware to install');
    expect((await select.locator('option').allTextContents()).some((o) => o.includes('ap620-update.bin'))).toBe(false);

    const upload = image(spec.model, 'V2.6.9');
    await input.setInputFiles({ name: 'ap620-v2.6.9.bin', mimeType: 'application/octet-stream', buffer: upload });
    await card.getByText('ap620-v2.6.9.bin was checked and stored; it is in the list.').waitFor({ timeout: LIVE_TIMEOUT });
    await select.locator('option', { hasText: 'V2.6.9 — uploaded ap620-v2.6.9.bin' }).waitFor({ state: 'attached', timeout: LIVE_TIMEOUT });
    // chosen, it shows the SHA-256 of exactly the bytes sent, to compare with the vendor's
    await select.selectOption({ label: 'V2.6.9 — uploaded ap620-v2.6.9.bin' });
    await card.locator('[data-checksum]').getByText(createHash('sha256').update(upload).digest('hex')).waitFor({ timeout: LIVE_TIMEOUT });
    // kept by the console: listed again after a reload
    await page.reload();
    await card.getByLabel('Firmware to install').locator('option', { hasText: 'V2.6.9 — uploaded ap620-v2.6.9.bin' }).waitFor({ state: 'attached', timeout: LIVE_TIMEOUT });
  }, 90_000);

  it("locates an AP, copies one AP's settings to another, and says in plain words why a restart is refused while another runs (71)", async () => {
    const [a, b] = [specs[0]!, specs[2]!];
    const apA = fleet.get(a.sn)!;
    const apB = fleet.get(b.sn)!;
    const nameOf = async (sn: string) => ((await call('GET', `/projects/${projectId}/devices/${sn}`)).data as { name: string }).name;
    const [nameA, nameB] = [await nameOf(a.sn), await nameOf(b.sn)];

    // Locate from the network status page: the AP blinks, the page says so
    const located = apB.executions.locate;
    await page.goto(`/manage/status?project=${projectId}`);
    const rowB = page.locator(`[data-device-sn="${b.sn}"] >> xpath=ancestor::tr`);
    await rowB.locator('[data-status="1"]').waitFor({ timeout: LIVE_TIMEOUT });
    await rowB.getByRole('button', { name: `Locate ${nameB}` }).click();
    await page.getByText(`The LED of “${nameB}” is blinking for 60 s`).waitFor({ timeout: LIVE_TIMEOUT });
    expect(apB.executions.locate).toBe(located + 1);

    // Copy settings: A's roaming tuner (band steering switched) becomes B's, and B applies it
    const steering = 'Device.WiFi.X_AIRLOOM_BandSteeringEnable';
    const roaming = (sn: string) => `/projects/${projectId}/devices/${sn}/config/roaming`;
    const source = (await call('GET', roaming(a.sn))).data as { body: { bandSteering: boolean } };
    const wanted = !source.body.bandSteering;
    expect((await call('PUT', roaming(a.sn), { ...source.body, bandSteering: wanted })).code).toBe(0);
    await expect.poll(() => apA.tree().get(steering), { timeout: LIVE_TIMEOUT }).toBe(String(wanted));
    expect(apB.tree().get(steering)).toBe(String(!wanted));
    await page.goto(`/manage/devconf/${b.sn}/maintenance?project=${projectId}`);
    const copyCard = page.locator('[data-maintenance="copy-config"]');
    await copyCard.getByLabel('Copy from').selectOption(a.sn, { timeout: LIVE_TIMEOUT });
    await copyCard.getByRole('button', { name: 'Copy settings…' }).click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.textContent()).toContain(`The settings of “${nameA}”`);
    await confirm.getByRole('button', { name: 'Copy settings' }).click();
    await copyCard.getByText(new RegExp(`^Copied from ${nameA}: \\d+ settings? \\(.*roaming.*\\)\\. The device applies`)).waitFor({ timeout: LIVE_TIMEOUT });
    await expect.poll(() => apB.tree().get(steering), { timeout: LIVE_TIMEOUT }).toBe(String(wanted));

    // Busy (71): A answers its controller late, so its first restart is still under way when a second is asked
    const restarts = apA.executions.reboot;
    let firstRestart: number | null = null;
    apA.latencyMs = 15_000;
    try {
      await page.goto(`/manage/devconf?project=${projectId}`);
      const restart = async () => {
        await page.getByRole('checkbox', { name: `Select ${nameA}` }).check({ timeout: LIVE_TIMEOUT });
        await page.getByRole('group', { name: '1 device selected' }).getByRole('button', { name: 'Restart' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Restart' }).click();
        return page.getByRole('dialog', { name: 'Restart: results' });
      };
      const asked = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/devices/bulk'));
      const first = await restart();
      const answer = (await (await asked).json()) as { data: { results: { operationId: number | null }[] } };
      firstRestart = answer.data.results[0]!.operationId;
      await first.getByText('1 succeeded, 0 refused, 0 failed.').waitFor({ timeout: LIVE_TIMEOUT });
      await first.getByRole('button', { name: 'Close' }).last().click();
      const second = await restart();
      await second.getByText('0 succeeded, 1 refused, 0 failed.').waitFor({ timeout: LIVE_TIMEOUT });
      const row = second.getByRole('table', { name: 'Result per device' }).getByRole('row').filter({ hasText: nameA });
      expect(await row.textContent()).toContain('Refused');
      expect(await row.textContent()).toMatch(/the device is restarting or upgrading, please try later/i);
      expect(await axeViolations(page), 'bulk results with a refusal').toEqual([]);
      await second.getByRole('button', { name: 'Close' }).last().click();
    } finally {
      apA.latencyMs = 0;
    }
    // the first restart still ends, done once the AP is back from it (the next flow needs it idle), and ran once
    expect(firstRestart).not.toBeNull();
    const firstState = async () => ((await call('GET', `/projects/${projectId}/operations/${firstRestart}`)).data as { state: string }).state;
    await expect.poll(firstState, { timeout: 120_000, interval: 1_000 }).toBe('done');
    expect(apA.executions.reboot).toBe(restarts + 1);
    await expect.poll(() => apA.connected, { timeout: LIVE_TIMEOUT }).toBe(true);
    await expect.poll(async () => ((await call('GET', `/projects/${projectId}/devices/${a.sn}`)).data as { status: number }).status, { timeout: 90_000 }).toBe(1);
  }, 240_000);

  it('rolls an uploaded image out from the bulk bar: a failing canary halts it, Resume finishes the waves, the counts show', async () => {
    const model = specs[0]!.model;
    const good = image(model, 'V2.7.0');
    const sha256 = createHash('sha256').update(good).digest('hex');
    // uploaded from a Maintenance tab, then the stored file is damaged: the device will notice (913)
    await page.goto(`/manage/devconf/${specs[0]!.sn}/maintenance?project=${projectId}`);
    const fw = page.locator('[data-maintenance="firmware"]');
    await fw.locator('input[type="file"]').setInputFiles({ name: 'ap620-v2.7.0.bin', mimeType: 'application/octet-stream', buffer: good });
    await fw.getByText('ap620-v2.7.0.bin was checked and stored; it is in the list.').waitFor({ timeout: LIVE_TIMEOUT });
    const stored = path.join(app.dataDir, 'firmware', `${sha256}.bin`);
    expect(readFileSync(stored).equals(good)).toBe(true);
    writeFileSync(stored, image(model, 'V2.7.0'));

    await page.goto(`/manage/devconf?project=${projectId}`);
    await expect.poll(async () => (await page.getByRole('table', { name: 'Devices', exact: true }).textContent())?.match(/Online/g)?.length ?? 0, { timeout: LIVE_TIMEOUT }).toBe(3);
    await page.getByRole('button', { name: 'Select all 3' }).click();
    const bar = page.getByRole('group', { name: '3 devices selected' });
    await bar.getByRole('button', { name: 'Upgrade…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade 3 devices' });
    await dialog.getByLabel('Firmware').locator('option', { hasText: 'ap620-v2.7.0.bin' }).waitFor({ state: 'attached', timeout: LIVE_TIMEOUT });
    await dialog.getByLabel('Firmware').selectOption({ label: `${model} V2.7.0 — uploaded ap620-v2.7.0.bin` });
    await dialog.getByLabel('Canary group (% of the devices, at least one)').fill('10');
    await dialog.getByLabel('Devices per wave').fill('2');
    await dialog.getByLabel('Stop when more than this % of a wave fails').fill('0');
    await dialog.getByLabel('Most devices upgrading at once').fill('2');
    expect(await axeViolations(page), 'rollout dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Start upgrade' }).click();

    const rollout = page.locator('[data-rollout]').first();
    await rollout.locator('[data-rollout-state="halted"]').waitFor({ timeout: LIVE_TIMEOUT });
    await rollout.getByText('Stopped: more than 0 % of the last wave failed.', { exact: false }).waitFor();
    const progress = rollout.getByRole('status').filter({ hasText: /^Wave / });
    const halted = (await progress.textContent()) ?? '';
    expect(halted).toMatch(/0 done, 0 upgrading, 2 waiting, 1 failed/);
    const rows = rollout.getByRole('table', { name: /^Devices of rollout / }).getByRole('row');
    expect(await rows.filter({ hasText: 'Failed' }).count()).toBe(1);
    expect(await rows.filter({ hasText: 'Waiting' }).count()).toBe(2);
    // the waves after the canary never started
    const upgrades = () => specs.map((s) => fleet.get(s.sn)!.executions.upgrade).reduce((a, b) => a + b, 0);
    expect(upgrades()).toBe(1);

    // the image is sound again; Resume runs the next wave to the end
    writeFileSync(stored, good);
    await rollout.getByRole('button', { name: 'Resume' }).click();
    await rollout.locator('[data-rollout-state="done"]').waitFor({ timeout: 90_000 });
    expect(await progress.textContent()).toMatch(/2 done, 0 upgrading, 0 waiting, 1 failed, 0 refused, 0 already up to date/);
    expect(await rows.filter({ hasText: 'Upgraded' }).count()).toBe(2);
    const versions = specs.map((s) => fleet.get(s.sn)!.softwareVersion).sort();
    expect(versions.filter((v) => v === 'V2.7.0')).toHaveLength(2);
    expect(upgrades()).toBe(3);
  }, 180_000);
});
