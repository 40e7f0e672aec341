// Live demo: one click gives a read-only look at both demo projects; writes are refused by the server.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PROJECT_IDS, ErrorCode, errorMessage } from '@airloom/contracts';
import { openConsole, type FlowPage } from '../support/flow';

describe('live demo', () => {
  let flow: FlowPage;
  beforeEach(async () => { flow = await openConsole(); });
  afterEach(async () => { await flow.close(); });

  it('demo login lands on the overview showing both demo projects', async () => {
    const { page } = flow;
    await page.goto('/');
    await page.waitForURL('**/static/lrf**');
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    await page.getByRole('heading', { name: 'Demo Hotel' }).waitFor();
    await page.getByRole('heading', { name: 'Demo Home' }).waitFor();
    expect(await page.getByText('Demo', { exact: true }).count()).toBeGreaterThanOrEqual(2);
  });

  it('demo projects offer no edit or delete, and a write sent anyway is refused with the demo text', async () => {
    const { page } = flow;
    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    await page.goto('/overview/list');
    await page.getByRole('cell', { name: 'Demo Hotel', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit Demo Hotel' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Demo Hotel' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create project' }).count()).toBe(0);

    // What a user who bypasses the UI gets: the server decides.
    const answer = await page.evaluate(async (id) => {
      const res = await fetch(`/api/v1/projects/${id}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', 'X-Airloom-Csrf': '1' },
        body: JSON.stringify({ projectName: 'Hijacked' }),
      });
      return { status: res.status, body: (await res.json()) as { code: number; message: string } };
    }, DEMO_PROJECT_IDS.WLAN);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe(ErrorCode.DEMO_PROJECT);
    expect(answer.body.message).toBe(errorMessage(ErrorCode.DEMO_PROJECT));
    await page.reload();
    await page.getByRole('cell', { name: 'Demo Hotel', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'Hijacked', exact: true }).count()).toBe(0);
  });

  it('the demo hotel\'s Permission sharing shows its seeded shares, every action disabled with the reason', async () => {
    const { page } = flow;
    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    await page.goto(`/manage/authority?project=${DEMO_PROJECT_IDS.WLAN}`);
    const table = page.getByRole('table', { name: 'Shares of this project' });
    await table.getByText('front-desk@demo-hotel.example').waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'installer@netcraft.example' }).textContent()).toContain('Expired');
    const share = page.getByRole('button', { name: /Share project/ });
    expect(await share.getAttribute('aria-disabled')).toBe('true');
    await page.getByText('Demo projects can be looked at but not changed.').first().waitFor();
    await share.click({ force: true }); // Playwright treats aria-disabled as not clickable; a user still can
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it("the demo hotel's handover backup compares with today's configuration: the guest VLAN renamed since", async () => {
    const { page } = flow;
    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    await page.goto(`/manage/backup?project=${DEMO_PROJECT_IDS.WLAN}`);
    const row = page.getByRole('table', { name: 'Backups and restore points' }).getByRole('row').filter({ hasText: 'Handover to the hotel' });
    await row.getByRole('button', { name: /^Restore / }).click();
    const dialog = page.getByRole('dialog', { name: /^Restore Demo_Hotel-general-/ });
    const diff = dialog.getByRole('list', { name: 'What the restore changes' });
    await diff.waitFor();
    expect(await diff.textContent()).toContain('vlans[id=20].name: Guest-WiFi → Guests');
    // a demo compares, it does not restore
    expect(await dialog.getByRole('button', { name: 'Restore', exact: true }).count()).toBe(0);
  });
});
