// The audit log in Chromium (docs/audit-log.md): the live demo opens the demo hotel's audit log from
// the menu, sees who changed what and from where, opens a configuration change's before → after (its
// password hidden) with the keyboard, and filters the refusals.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConsole, type FlowPage } from '../support/flow';

const TIMEOUT = 20_000;

describe('audit log', () => {
  let flow: FlowPage;
  beforeEach(async () => {
    flow = await openConsole();
  });
  afterEach(async () => {
    await flow.close();
  });

  it("shows the demo hotel's writes and refusals, old → new on demand, filtered by result", async () => {
    const { page } = flow;
    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    await page.goto('/manage/runlog?project=500000');
    // the project is open once its run log shows; then the menu leads to its audit log
    await page.getByRole('table', { name: 'Run log' }).waitFor({ timeout: TIMEOUT });
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL('**/manage/auditlog**');
    const table = page.getByRole('table', { name: 'Audit log' });
    await table.waitFor({ timeout: TIMEOUT });
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: TIMEOUT }).toBeGreaterThan(5);
    // what each call did, in words
    await table.getByText('Confirm the pending change').waitFor();
    const wan = table.locator('tr', { hasText: '/gateway/wan' });
    const summary = wan.getByText('3 settings changed');
    await summary.focus();
    await page.keyboard.press('Enter');
    await wan.getByText('lines[0].password').waitFor();
    expect(await wan.textContent()).toContain('••••••');
    await page.getByLabel('Result').selectOption('refused');
    await expect.poll(async () => (await table.locator('tbody tr').allTextContents()).every((row) => row.includes('Refused')), { timeout: TIMEOUT }).toBe(true);
  });
});
