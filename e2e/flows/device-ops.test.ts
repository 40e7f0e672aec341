// A device's scheduled restarts and its local administrator password in Chromium, against a simulated
// AP this test runs as a USP agent on the console's broker. The schedules follow spec §4's modes and
// §5's timer rules (a weekly one without a day and a 5-minute interval are refused with the rule's
// sentence, in the page, before anything is sent), survive a reload, and can be removed. The password
// is refused when weak, then set: the device accepts it, and the page keeps no trace of it.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { createFleet, generateFleet, registerDevices, type Fleet } from '@airloom/device-sim';
import { axeViolations } from '../support/axe';
import { consoleUrl, createProjectInPage, manufacturerKey, openConsole, signUpInForm, type FlowPage } from '../support/flow';
import { outbox } from '../support/outbox';

const LIVE_TIMEOUT = 30_000;

describe('scheduled restarts and the device password', () => {
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

  it('adds schedules within the timer rules, keeps them over a reload, removes one; sets a strong device password only', async () => {
    const { page } = flow;
    await signUpInForm(page, `devops-${Date.now()}@example.com`, 'Correct-horse-9', () => outbox());
    await page.waitForURL('**/overview/preview');
    const projectId = await createProjectInPage(page, 'Schedule hotel');
    const [spec] = generateFleet(projectId, { ap: 1 }).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
    await registerDevices([spec!], { consoleUrl: consoleUrl(), key: manufacturerKey(inject('consoleDataDir')), projectId });
    fleet = createFleet([spec!], { brokerUrl: inject('consoleMqttUrl'), protocolVersion: 4, timeScale: 0.05 });
    await fleet.start();
    await page.goto(`/manage/devconf?project=${projectId}`);
    await expect.poll(async () => (await page.getByRole('table', { name: 'Devices', exact: true }).textContent()) ?? '', { timeout: LIVE_TIMEOUT }).toMatch(/Online/);

    await page.goto(`/manage/devconf/${spec!.sn}/maintenance?project=${projectId}`);
    const card = page.locator('[data-maintenance="reboot-schedule"]');
    await card.getByText('No scheduled restarts.').waitFor({ timeout: LIVE_TIMEOUT });
    expect(await card.textContent()).toContain('UTC+8'); // the project's zone, the times are read in
    expect(await axeViolations(page), 'maintenance tab').toEqual([]);

    // specific weekdays need a day (spec §5)
    await card.getByLabel('Repeat').selectOption({ label: 'Specific weekdays' });
    await card.getByRole('textbox', { name: 'At' }).fill('04:00');
    await card.getByRole('button', { name: 'Add schedule' }).click();
    await card.getByText('Please choose at least one day').waitFor();
    await card.getByRole('checkbox', { name: 'Sunday' }).check();
    await card.getByRole('checkbox', { name: 'Wednesday' }).check();
    await card.getByRole('button', { name: 'Add schedule' }).click();
    const list = card.getByRole('list', { name: 'Scheduled restarts' });
    await list.getByText('Every Wednesday, Sunday at 04:00').waitFor();
    await card.getByText(/Next restart: \d{4}-\d\d-\d\d 04:00 \(UTC\+8\)/).waitFor();

    // an interval under 30 minutes is refused with the rule's sentence; 45 is kept
    await card.getByLabel('Repeat').selectOption({ label: 'Interval in minutes' });
    await card.getByLabel('Every (minutes)').fill('5');
    await card.getByRole('button', { name: 'Add schedule' }).click();
    await card.getByText(/restarts at most every 30 minutes/).waitFor();
    await card.getByLabel('Every (minutes)').fill('45');
    await card.getByRole('button', { name: 'Add schedule' }).click();
    await list.getByText('Every 45 minutes').waitFor();

    // kept by the console: still there after a reload; one removed
    await page.reload();
    await list.getByText('Every 45 minutes').waitFor({ timeout: LIVE_TIMEOUT });
    expect(await list.getByRole('listitem').count()).toBe(2);
    await list.getByRole('button', { name: 'Remove the schedule “Every 45 minutes”' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    expect(await list.textContent()).toContain('Every Wednesday, Sunday at 04:00');

    // the device password: a weak one is refused with spec §5's sentence, a strong one reaches the device
    const pw = page.locator('[data-maintenance="device-password"]');
    await pw.getByLabel('New password').first().fill('password1');
    await pw.getByLabel('New password again').fill('password1');
    await pw.getByRole('button', { name: 'Change password' }).click();
    await pw.getByText('Use at least three of: upper-case letters, lower-case letters, digits, special characters').waitFor();
    const secret = `Desk-${randomBytes(3).toString('hex')}-7`;
    await pw.getByLabel('New password').first().fill(secret);
    await pw.getByLabel('New password again').fill(secret);
    await pw.getByRole('button', { name: 'Change password' }).click();
    await pw.getByText('The device has its new password.', { exact: false }).waitFor({ timeout: LIVE_TIMEOUT });
    expect(fleet.get(spec!.sn)!.acceptsAdminPassword(secret)).toBe(true);
    // never shown again: the fields are empty and the page holds it nowhere
    expect(await pw.getByLabel('New password').first().inputValue()).toBe('');
    expect(await page.content()).not.toContain(secret);
  }, 120_000);
});
