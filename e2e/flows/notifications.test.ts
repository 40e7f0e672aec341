// Alarm notifications in Chromium (docs/data.md "Alarm notifications"): the live demo shows the hotel's
// settings read-only with its delivery log; a user sets up an e-mail recipient and a webhook at a local
// receiver, is shown the signing secret once, sends a test notification that the receiver verifies
// (HMAC-SHA256 over timestamp and body, node:crypto only) and sees both deliveries in the log.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProjectInPage, openConsole, signUpInForm, type FlowPage } from '../support/flow';
import { outbox } from '../support/outbox';
import { screenshot } from '../support/shots';

interface Hit {
  body: string;
  timestamp: string;
  signature: string;
}

describe('alarm notifications', () => {
  let flow: FlowPage;
  let server: Server;
  let url: string;
  const hits: Hit[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        hits.push({ body: Buffer.concat(chunks).toString('utf8'), timestamp: String(req.headers['x-airloom-timestamp']), signature: String(req.headers['x-airloom-signature']) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/airloom`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });
  beforeEach(async () => {
    flow = await openConsole();
  });
  afterEach(async () => {
    await flow.close();
  });

  it("shows the demo hotel's recipient, webhook and delivery log, read-only", async () => {
    const { page } = flow;
    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    await page.goto('/manage/alarminfo?project=500000');
    const panel = page.getByTestId('notifications-panel');
    await panel.getByTestId('notifications-summary').waitFor();
    expect(await panel.getByTestId('notifications-summary').textContent()).toContain('night-desk@demo-hotel.example');
    expect(await panel.getByRole('button', { name: 'Save notification settings' }).count()).toBe(0);
    const log = panel.getByRole('table', { name: 'Notification delivery attempts' });
    await log.waitFor();
    await expect.poll(() => log.locator('[data-outcome="retrying"]').count()).toBe(1);
    expect(await log.getByText(/HTTP 503/).count()).toBeGreaterThan(0);
    await screenshot(page, 'notifications-demo');
  });

  it('sets up a webhook, shows its secret once, and a test notification reaches the receiver signed', async () => {
    const { page } = flow;
    const account = `notify-${Date.now()}@example.com`;
    await signUpInForm(page, account, 'Correct-horse-9', () => outbox());
    await page.waitForURL('**/overview/preview');
    const projectId = await createProjectInPage(page, 'Harbour Alerts');
    await page.goto(`/manage/alarminfo?project=${projectId}`);
    const panel = page.getByTestId('notifications-panel');
    await panel.getByLabel(/E-mail recipients/).fill('ops@harbour.example');
    await panel.getByLabel(/Webhook address/).fill(url);
    await panel.getByRole('checkbox', { name: 'Device offline' }).check();
    await panel.getByRole('button', { name: 'Save notification settings' }).click();
    const shown = await panel.getByTestId('secret-value').textContent();
    const secret = /whsec_[A-Za-z0-9_-]+/.exec(shown ?? '')?.[0];
    expect(secret).toBeTruthy();

    await panel.getByRole('button', { name: 'Send a test notification' }).click();
    await page.getByText(/Test notification: .*Delivered/).waitFor();
    expect(hits).toHaveLength(1);
    const hit = hits[0]!;
    const expected = Buffer.from(`sha256=${createHmac('sha256', secret!).update(`${hit.timestamp}.${hit.body}`).digest('hex')}`);
    expect(expected.length === hit.signature.length && timingSafeEqual(expected, Buffer.from(hit.signature))).toBe(true);
    expect(JSON.parse(hit.body)).toMatchObject({ event: 'test', project: { id: projectId, name: 'Harbour Alerts' } });
    expect(outbox().some((m) => m.to === 'ops@harbour.example' && m.purpose === 'alarm')).toBe(true);

    const log = panel.getByRole('table', { name: 'Notification delivery attempts' });
    await expect.poll(() => log.locator('[data-outcome="delivered"]').count()).toBe(2);
    await screenshot(page, 'notifications-webhook');
  });
});
