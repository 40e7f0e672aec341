// Network status, live: the demo fleet shows in the page, and devices of a
// user's project — real USP agents run by this test against the console's embedded broker — turn
// offline and online, get renamed and rebooted, without the page being reloaded.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { CSRF_HEADER, type ProjectItem } from '@airloom/contracts';
import { createFleet, generateFleet, registerDevices, type Agent, type DeviceSpec, type Fleet } from '@airloom/device-sim';
import { launchChromium, startConsole, type RunningConsole } from '../support';
import { signUpInForm } from '../support/flow';

// Device timings × 0.05: a reboot takes about 3 s, a status period 1.5 s.
const TIME_SCALE = '0.05';
const LIVE_TIMEOUT = 20_000;

let app: RunningConsole;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // A console of its own: short device timings, its own broker port, the demo fleet running.
  app = await startConsole({ env: { TIME_SCALE } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
beforeEach(async () => {
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
});
afterEach(async () => {
  await page.context().close();
});

function devicesTable(): Locator {
  return page.getByRole('table', { name: 'Devices', exact: true });
}

/** The row of a device by its SN (names change on rename). */
function deviceRow(sn: string): Locator {
  return devicesTable().locator('tr').filter({ has: page.locator(`[data-device-sn="${sn}"]`) });
}

function statusOf(sn: string): Locator {
  return deviceRow(sn).locator('[data-status]');
}

/** Every status text the row shows from now on, in order, however briefly it shows it. */
async function recordStatuses(sn: string): Promise<() => Promise<string[]>> {
  await page.evaluate((sn) => {
    const seen: string[] = [];
    (window as unknown as Record<string, string[]>)[`statuses:${sn}`] = seen;
    const read = () => {
      const text = document.querySelector(`[data-device-sn="${sn}"]`)?.closest('tr')?.querySelector('[data-status]')?.textContent ?? '';
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    };
    read();
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, sn);
  return () => page.evaluate((sn) => (window as unknown as Record<string, string[]>)[`statuses:${sn}`]!, sn);
}

function manufacturerKey(): string {
  return readFileSync(path.join(app.dataDir, 'manufacturer.key'), 'utf8').trim();
}

/**
 * The device answers nothing the console sends until the returned function is called, like one busy
 * for a while, so a state that lasts one round trip ("online, not saved") stays on screen until the test
 * has seen it, however loaded the machine (a latency of its own could run into the request timeout).
 */
function busy(agent: Agent): () => void {
  agent.hold();
  return () => agent.release();
}

/** A mark on the window: gone if the page was reloaded. */
async function markPage(): Promise<() => Promise<boolean>> {
  await page.evaluate(() => ((window as unknown as { networkFlowMark: boolean }).networkFlowMark = true));
  return () => page.evaluate(() => (window as unknown as { networkFlowMark?: boolean }).networkFlowMark === true);
}

describe('network status, live', () => {
  it('demo project 500000 shows its 15 devices, online, with live updates', async () => {
    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    await page.getByRole('button', { name: 'Open Demo Hotel' }).click();
    await page.waitForURL('**/manage/status**');
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();

    const rows = devicesTable().locator('[data-device-sn]');
    await expect.poll(() => rows.count(), { timeout: LIVE_TIMEOUT }).toBe(15);
    await expect.poll(() => devicesTable().locator('[data-status="1"]').count(), { timeout: LIVE_TIMEOUT }).toBe(15);
    // a demo project is read-only: its actions are shown, each unavailable and saying why
    const actions = page.getByRole('button', { name: /^(Rename|Reboot|Locate) / });
    expect(await actions.count()).toBe(15 * 3);
    expect(await devicesTable().locator('button[aria-disabled="true"][aria-label^="Reboot "]').count()).toBe(15);
    const add = page.getByRole('button', { name: 'Add device' });
    expect(await add.getAttribute('aria-disabled')).toBe('true');
  });

  describe("a user's project with simulated devices", () => {
    let fleet: Fleet | undefined;
    afterEach(async () => {
      await fleet?.stop();
      fleet = undefined;
    });

    async function projectWithDevices(): Promise<{ specs: DeviceSpec[]; projectId: number; account: string }> {
      const account = `net-${Date.now()}@example.com`;
      const password = 'Correct-horse-9';
      await signUpInForm(page, account, password, () => app.outbox());
      await page.waitForURL('**/overview/preview'); // signed in by the sign-up itself

      const projectName = 'Harbour';
      const created = await page.evaluate(
        async ({ header, projectName }) => {
          const res = await fetch('/api/v1/projects', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', [header]: '1' },
            body: JSON.stringify({ projectName, netMode: 0, scenario: 'hotel', location: '', address: '', zone: '+8' }),
          });
          return (await res.json()) as { code: number; data: ProjectItem };
        },
        { header: CSRF_HEADER, projectName },
      );
      expect(created.code).toBe(0);

      // The manufacturer registers the devices, staged for the project; they connect as USP agents.
      const specs = generateFleet(created.data.id, 2).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
      await registerDevices(specs, { consoleUrl: app.url, key: manufacturerKey(), projectId: created.data.id });
      fleet = createFleet(specs, { brokerUrl: app.mqttUrl, protocolVersion: 4, timeScale: Number(TIME_SCALE) });
      await fleet.start();

      await page.goto('/overview/list');
      await page.getByRole('button', { name: `Open ${projectName}` }).click();
      await page.waitForURL('**/manage/status**');
      await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
      for (const s of specs) await expect.poll(() => statusOf(s.sn).textContent(), { timeout: LIVE_TIMEOUT }).toBe('Online');
      return { specs, projectId: created.data.id, account };
    }

    it('a stopped device turns offline without a reload, and online again when it starts', async () => {
      const { specs } = await projectWithDevices();
      const sn = specs[0]!.sn;
      const notReloaded = await markPage();

      await fleet!.get(sn)!.stop();
      await expect.poll(() => statusOf(sn).textContent(), { timeout: LIVE_TIMEOUT }).toBe('Offline');
      expect(await statusOf(specs[1]!.sn).textContent()).toBe('Online');
      expect(await (deviceRow(sn).getByRole('button', { name: /^Reboot / }).isDisabled())).toBe(true);

      await fleet!.get(sn)!.start();
      await expect.poll(() => statusOf(sn).textContent(), { timeout: LIVE_TIMEOUT }).toBe('Online');
      expect(await notReloaded()).toBe(true);
    });

    it('rename shows "online, not saved" and then the new name; reboot shows "rebooting" and then online', async () => {
      const { specs } = await projectWithDevices();
      const spec = specs[0]!;
      const notReloaded = await markPage();

      const renameStatuses = await recordStatuses(spec.sn);
      const answer = busy(fleet!.get(spec.sn)!);
      try {
        await deviceRow(spec.sn).getByRole('button', { name: `Rename ${spec.name}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Rename device' });
        await dialog.getByLabel('Device name').fill('Front-Desk');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await page.getByRole('button', { name: `Front-Desk ${spec.sn}, details` }).waitFor();
        await expect.poll(() => statusOf(spec.sn).textContent(), { timeout: LIVE_TIMEOUT }).toBe('Online, not saved');
      } finally {
        answer();
      }
      await expect.poll(() => statusOf(spec.sn).textContent(), { timeout: LIVE_TIMEOUT }).toBe('Online');
      expect(await renameStatuses()).toEqual(['Online', 'Online, not saved', 'Online']);
      await page.getByText('“Front-Desk” is saved on the device').waitFor();
      // the device itself carries the new name now
      expect(fleet!.get(spec.sn)!.name).toBe('Front-Desk');

      const rebootStatuses = await recordStatuses(spec.sn);
      await deviceRow(spec.sn).getByRole('button', { name: 'Reboot Front-Desk' }).click();
      const confirm = page.getByRole('dialog', { name: 'Reboot device' });
      await confirm.getByText(/about 1 minute/).waitFor();
      await confirm.getByRole('button', { name: 'Reboot' }).click();
      await expect.poll(() => statusOf(spec.sn).textContent(), { timeout: LIVE_TIMEOUT }).toBe('Rebooting');
      await page.getByText('“Front-Desk” rebooted and is back online').waitFor({ timeout: LIVE_TIMEOUT });
      await expect.poll(() => statusOf(spec.sn).textContent(), { timeout: LIVE_TIMEOUT }).toBe('Online');
      const seen = await rebootStatuses();
      expect(seen[0]).toBe('Online');
      expect(seen).toContain('Rebooting');
      expect(seen.at(-1)).toBe('Online');
      expect(await notReloaded()).toBe(true);
    });

    it('adds a device "to be verified" in one click; an unknown SN is refused under the field', async () => {
      const { projectId, account } = await projectWithDevices();
      // sold to this account, not staged for a project: it connects and waits to be added
      const spec = { ...generateFleet(projectId, 3)[2]!, secret: randomBytes(16).toString('hex') };
      const res = await fetch(`${app.url}/api/v1/manufacturer/devices`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${manufacturerKey()}` },
        body: JSON.stringify({ devices: [{ sn: spec.sn, model: spec.model, type: spec.type, mac: spec.mac, secret: spec.secret, owner: account }] }),
      });
      expect(res.status).toBe(200);
      const loose = createFleet([spec], { brokerUrl: app.mqttUrl, protocolVersion: 4, timeScale: Number(TIME_SCALE) });
      try {
        await loose.start();
        await expect
          .poll(() => page.evaluate(async () => JSON.stringify(await (await fetch('/api/v1/devices/unverified')).json())), { timeout: LIVE_TIMEOUT })
          .toContain(spec.sn);

        await page.getByRole('button', { name: 'Add device' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add device' });
        const snField = dialog.getByLabel('Serial number (SN)');
        await snField.fill('ZZ0000000000000000000000');
        await dialog.getByRole('button', { name: 'Add', exact: true }).click();
        await expect.poll(() => snField.getAttribute('aria-invalid')).toBe('true');
        expect(await page.locator('[data-device-sn="ZZ0000000000000000000000"]').count()).toBe(0);

        await dialog.getByRole('button', { name: `Add ${spec.sn}` }).click();
        await dialog.waitFor({ state: 'detached' });
        await expect.poll(() => statusOf(spec.sn).textContent(), { timeout: LIVE_TIMEOUT }).toBe('Online');
      } finally {
        await loose.stop();
      }
    });
  });
});
