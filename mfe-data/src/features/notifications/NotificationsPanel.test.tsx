import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveryAttempt, NotificationSettingsView } from '@airloom/contracts';
import { NotificationsPanel } from './NotificationsPanel';
import { demoProject, fakeBff, ok, readOnlyProject, refused, renderAt } from '../../test-harness';

afterEach(cleanup);

const none: NotificationSettingsView = { enabled: true, emails: [], webhookUrl: null, alarmTypes: [], secretHint: null, revision: 0, updatedAt: null };
const saved: NotificationSettingsView = {
  enabled: true, emails: ['ops@example.com'], webhookUrl: 'https://hooks.example.com/airloom', alarmTypes: ['device-offline'], secretHint: 'AbCd', revision: 1, updatedAt: '2026-11-26T01:00:00.000Z',
};
const attempt = (over: Partial<DeliveryAttempt> = {}): DeliveryAttempt => ({
  id: 1, deliveryId: 1, at: '2026-11-26T02:00:00.000Z', channel: 'webhook', target: 'https://hooks.example.com/airloom', alarmType: 'device-offline', alarmId: 9,
  attempt: 1, maxAttempts: 5, httpStatus: 500, error: 'the receiver answered HTTP 500', outcome: 'retrying', nextRetryAt: '2026-11-26T02:01:00.000Z', ...over,
});

function bff(settings: NotificationSettingsView, log: DeliveryAttempt[] = [], more: Parameters<typeof fakeBff>[0] = {}) {
  const all = (id: number) => ({
    [`GET /projects/${id}/notifications`]: () => ok(settings),
    [`GET /projects/${id}/notifications/deliveries`]: () => ok({ items: log }),
  });
  return fakeBff({ ...all(1), ...all(2), ...all(500000), ...more });
}

describe('alarm notifications panel', () => {
  it('saves recipients, a webhook and the alarm types by the contracts rules, and shows the new signing secret once', async () => {
    const server = bff(none, [], { 'PUT /projects/1/notifications': () => ok({ ...saved, secret: 'whsec_the-new-secret' }) });
    renderAt(<NotificationsPanel />, server.api, '/manage/alarminfo');
    const panel = await screen.findByRole('region', { name: 'Alarm notifications' });
    const typeIn = async (field: HTMLElement, text: string) => {
      await userEvent.click(field);
      await userEvent.paste(text);
    };
    await typeIn(await within(panel).findByLabelText(/E-mail recipients/), 'Ops@Example.com, night@example.com');
    const url = within(panel).getByLabelText(/Webhook address/);
    await typeIn(url, 'ftp://example.com');
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Device offline' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save notification settings' }));
    // the same rule as the server's: nothing is sent
    expect(await within(panel).findByText('The webhook address starts with http:// or https://')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);

    await userEvent.clear(url);
    await typeIn(url, 'https://hooks.example.com/airloom');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save notification settings' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
        enabled: true, emails: ['ops@example.com', 'night@example.com'], webhookUrl: 'https://hooks.example.com/airloom', alarmTypes: ['device-offline'],
      }),
    );
    expect((await within(panel).findByTestId('secret-value')).textContent).toContain('whsec_the-new-secret');
  }, 20_000);

  it("puts the server's field refusal next to its field", async () => {
    const server = bff(none, [], {
      'PUT /projects/1/notifications': () => refused(400, 'invalid parameters', { webhookUrl: 'rules.webhookUrl.credentials' }),
    });
    renderAt(<NotificationsPanel />, server.api, '/manage/alarminfo');
    await userEvent.click(await screen.findByLabelText(/Webhook address/));
    await userEvent.paste('https://hooks.example.com/x');
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText(/Leave the user name and password out/)).toBeTruthy();
  });

  it('sends a test notification and says what each target answered; the delivery log shows every attempt', async () => {
    const delivered = attempt({ id: 2, attempt: 1, httpStatus: 200, error: null, outcome: 'delivered', nextRetryAt: null, alarmType: 'test', alarmId: null });
    const server = bff(saved, [attempt()], {
      'POST /projects/1/notifications/test': () => ok({ attempts: [delivered, attempt({ id: 3, channel: 'email', target: 'ops@example.com', httpStatus: null, error: null, outcome: 'delivered', nextRetryAt: null, alarmType: 'test' })] }),
    });
    renderAt(<NotificationsPanel />, server.api, '/manage/alarminfo');
    const table = await screen.findByRole('table', { name: 'Notification delivery attempts' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Webhook');
    expect(row.textContent).toContain('1 of 5');
    expect(row.textContent).toContain('Will retry');
    expect(row.textContent).toContain('HTTP 500');
    expect(row.textContent).toContain('Device offline');

    await userEvent.click(screen.getByRole('button', { name: 'Send a test notification' }));
    expect(await screen.findByText(/Test notification: https:\/\/hooks.example.com\/airloom — Delivered; ops@example.com — Delivered/)).toBeTruthy();
    // the log is read again after the test
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/deliveries')).length).toBe(2));
  });

  it('reveals the signing secret, and replaces it only after a confirmation', async () => {
    const server = bff(saved, [], {
      'GET /projects/1/notifications/secret': () => ok({ secret: 'whsec_current' }),
      'POST /projects/1/notifications/secret': () => ok({ secret: 'whsec_replaced' }),
    });
    renderAt(<NotificationsPanel />, server.api, '/manage/alarminfo');
    expect((await screen.findByTestId('webhook-secret')).textContent).toContain('…AbCd');
    await userEvent.click(screen.getByRole('button', { name: 'Reveal secret' }));
    expect((await screen.findByTestId('secret-value')).textContent).toContain('whsec_current');
    await userEvent.click(screen.getByRole('button', { name: 'Replace secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the signing secret?' });
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace secret' }));
    await waitFor(() => expect(screen.getByTestId('secret-value').textContent).toContain('whsec_replaced'));
  });

  it('is read-only with the reason for a read-only guest and on the demo project, with the log still shown', async () => {
    for (const project of [readOnlyProject, demoProject]) {
      renderAt(<NotificationsPanel />, bff(saved, [attempt()]).api, '/manage/alarminfo', '/manage/alarminfo', { project });
      const summary = await screen.findByTestId('notifications-summary');
      expect(summary.textContent).toContain('ops@example.com');
      expect(summary.textContent).toContain('https://hooks.example.com/airloom');
      expect(screen.getByText(/can look at the notification settings but not change them/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Save notification settings' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Send a test notification' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Reveal secret' })).toBeNull();
      expect(await screen.findByRole('table', { name: 'Notification delivery attempts' })).toBeTruthy();
      cleanup();
    }
  });

  it('says so when nothing was sent yet', async () => {
    renderAt(<NotificationsPanel />, bff(none).api, '/manage/alarminfo');
    expect(await screen.findByText('No notification has been sent yet.')).toBeTruthy();
    // nothing saved yet: nothing to test
    expect((screen.getByRole('button', { name: 'Send a test notification' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
