import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LogEntry } from '@airloom/contracts';
import type { ApiClient } from '@airloom/shared-ui';
import { RunLogPage } from './RunLogPage';
import { ScriptedEventSource, device, fakeBff, ok, readOnlyProject, renderAt } from '../../test-harness';

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
});

const ap = device({ sn: 'ALAP100000000001', name: 'Lobby-AP', type: 'ap', model: 'AL-AP1' });
export const entry = (over: Partial<LogEntry>): LogEntry => ({
  id: 1, time: '2026-11-25T22:10:00.000Z', type: 'system', event: 'device.offline', params: {}, text: 'Device went offline',
  sn: ap.sn, mac: '00:1A:2B:00:00:01', model: 'AL-AP1', deviceName: 'Lobby-AP', read: 0, alarmType: 'device-offline', level: 'critical', ...over,
});
const page = (items: LogEntry[], total = items.length) => ok({ items, total, page: 1, pageSize: 100 });

/** the fake BFF, with every call's query recorded */
function bff(items: () => LogEntry[], more: Parameters<typeof fakeBff>[0] = {}) {
  const server = fakeBff({
    'GET /projects/1/logs': () => page(items()),
    'GET /projects/2/logs': () => page(items()),
    'GET /projects/1/devices': () => ok({ items: [ap], total: 1 }),
    'GET /projects/2/devices': () => ok({ items: [ap], total: 1 }),
    'GET /projects/1/logs/retention': () => ok({ days: 30, isDefault: true, updatedAt: null, updatedBy: null }),
    'GET /projects/2/logs/retention': () => ok({ days: 90, isDefault: false, updatedAt: null, updatedBy: null }),
    ...more,
  });
  const queries: Record<string, string>[] = [];
  const api: ApiClient = { ...server.api, call: ((endpoint: { path: string }, input?: { query?: Record<string, string> }) => {
    if (endpoint.path === '/projects/:id/logs') queries.push(input?.query ?? {});
    return server.api.call(endpoint as never, input as never);
  }) as ApiClient['call'] };
  return { ...server, api, queries };
}

describe('run log page', () => {
  it('lists events with time, text in words, device, MAC, model, log type and read flag', async () => {
    const server = bff(() => [entry({}), entry({ id: 2, type: 'wired', event: 'port.down', params: { port: 'eth2' }, text: 'eth2: link down', alarmType: null, level: 'warning', read: 1 })]);
    renderAt(<RunLogPage />, server.api, '/manage/runlog');
    const table = await screen.findByRole('table', { name: 'Run log' }, { timeout: 5000 });
    const row = within(table).getByText('eth2: link down').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Lobby-AP');
    expect(row.textContent).toContain('00:1A:2B:00:00:01');
    expect(row.textContent).toContain('Wired');
    expect(within(row).getByText('Read')).toBeTruthy();
    expect(within(table).getByText('Device went offline').closest('tr')?.textContent).toContain('Unread');
  });

  it('asks the server again for each filter: log type, time range, device', async () => {
    const server = bff(() => [entry({})]);
    renderAt(<RunLogPage />, server.api, '/manage/runlog');
    await screen.findByRole('table', { name: 'Run log' }, { timeout: 5000 });
    await userEvent.selectOptions(screen.getByLabelText('Log type'), 'wireless');
    await waitFor(() => expect(server.queries.at(-1)?.type).toBe('wireless'));
    await userEvent.selectOptions(screen.getByLabelText('Time range'), 'all');
    await waitFor(() => expect(server.queries.at(-1)?.from).toBeUndefined());
    await userEvent.selectOptions(await screen.findByLabelText('Device'), ap.sn);
    await waitFor(() => expect(server.queries.at(-1)).toMatchObject({ type: 'wireless', sn: ap.sn, page: '1' }));
  });

  it('shows a new event without a reload when the project says the log grew', async () => {
    let items = [entry({})];
    const server = bff(() => items);
    renderAt(<RunLogPage />, server.api, '/manage/runlog');
    await screen.findByText('Device went offline');
    items = [entry({ id: 5, event: 'device.online', text: 'Device came online', alarmType: null, level: 'info' }), ...items];
    ScriptedEventSource.last.send({ type: 'log', entries: 1, alarms: 0, read: 0 });
    expect(await screen.findByText('Device came online')).toBeTruthy();
  });

  it('reads older rows a page at a time from the server when there are more than a page', async () => {
    const server = bff(() => [entry({})], { 'GET /projects/1/logs': () => ok({ items: [entry({})], total: 250, page: 1, pageSize: 100 }) });
    renderAt(<RunLogPage />, server.api, '/manage/runlog');
    await screen.findByText('Rows 1–100 of 250');
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(server.queries.at(-1)?.page).toBe('2'));
  });

  it('says when nothing was logged', async () => {
    renderAt(<RunLogPage />, bff(() => []).api, '/manage/runlog');
    expect(await screen.findByText('Nothing logged for these filters.')).toBeTruthy();
  });

  it('changes the retention after confirming a shorter one; a read-only guest only reads it, with the reason', async () => {
    const server = bff(() => [], { 'PUT /projects/1/logs/retention': () => ok({ days: 7, isDefault: false, updatedAt: null, updatedBy: 'ann@example.com' }) });
    renderAt(<RunLogPage />, server.api, '/manage/runlog');
    await userEvent.selectOptions(await screen.findByLabelText('Keep the run log'), '7');
    const dialog = await screen.findByRole('dialog', { name: 'Keep the run log for less time?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep 7 days' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ days: 7 }));
    cleanup();
    renderAt(<RunLogPage />, bff(() => []).api, '/manage/runlog', '/manage/runlog', { project: readOnlyProject });
    expect(await screen.findByText(/The run log is kept 90 days\. You cannot change/)).toBeTruthy();
    expect(screen.queryByLabelText('Keep the run log')).toBeNull();
  });
});
