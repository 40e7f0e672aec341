import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LogEntry } from '@airloom/contracts';
import { AlarmsPage } from './AlarmsPage';
import { ScriptedEventSource, device, fakeBff, ok, readOnlyProject, renderAt } from '../../test-harness';

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
});

const sw = device({ sn: 'ALSW100800000001', name: 'Floor-Switch', type: 'switch', model: 'AL-SW1008P' });
const alarm = (over: Partial<LogEntry>): LogEntry => ({
  id: 1, time: '2026-11-25T22:10:00.000Z', type: 'wired', event: 'poe.overBudget', params: { used: 130, budget: 120 }, text: 'PoE over budget: 130 W of 120 W',
  sn: sw.sn, mac: '00:1A:2B:00:00:09', model: 'AL-SW1008P', deviceName: 'Floor-Switch', read: 0, alarmType: 'poe-over-budget', level: 'critical', ...over,
});

function bff(items: () => LogEntry[], more: Parameters<typeof fakeBff>[0] = {}) {
  const list = () => {
    const all = items();
    return ok({ items: all, total: all.length, page: 1, pageSize: 100, unread: all.filter((a) => a.read === 0).length });
  };
  return fakeBff({
    'GET /projects/1/alarms': list,
    'GET /projects/2/alarms': list,
    'GET /projects/1/devices': () => ok({ items: [sw], total: 1 }),
    'GET /projects/2/devices': () => ok({ items: [sw], total: 1 }),
    ...more,
  });
}

describe('alarms page', () => {
  it('lists alarms with their type, level and read flag, the unread count, and download links with the filters', async () => {
    renderAt(<AlarmsPage />, bff(() => [alarm({}), alarm({ id: 2, event: 'device.offline', text: 'Device went offline', alarmType: 'device-offline', read: 1 })]).api, '/manage/alarminfo');
    const table = await screen.findByRole('table', { name: 'Alarms' }, { timeout: 5000 });
    const row = within(table).getByText('PoE over budget: 130 W of 120 W').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('PoE over budget');
    expect(row.textContent).toContain('Critical');
    expect(row.textContent).toContain('Unread');
    expect(screen.getByText(/1 unread/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Time range'), 'week');
    expect(screen.getByRole('link', { name: 'Download .xlsx' }).getAttribute('href')).toBe('/api/v1/projects/1/alarms/export?range=week&format=xlsx');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/v1/projects/1/alarms/export?range=week&format=csv');
  });

  it('marks one alarm read, then all of them', async () => {
    let items = [alarm({}), alarm({ id: 2, time: '2026-11-25T23:00:00.000Z' })];
    const server = bff(() => items, {
      'POST /projects/1/alarms/read': (req) => {
        const body = req.body as { ids?: number[]; all?: true };
        items = items.map((a) => (body.all || body.ids?.includes(a.id) ? { ...a, read: 1 } : a));
        return ok({ updated: 1, unread: items.filter((a) => !a.read).length });
      },
    });
    renderAt(<AlarmsPage />, server.api, '/manage/alarminfo');
    const table = await screen.findByRole('table', { name: 'Alarms' }, { timeout: 5000 });
    const buttons = await within(table).findAllByRole('button', { name: /^Mark the alarm of .* as read$/ });
    await userEvent.click(buttons[0]!);
    await waitFor(() => expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ ids: [1] }));
    await waitFor(() => expect(within(table).getAllByRole('button', { name: /^Mark the alarm/ })).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ all: true }));
    expect(await screen.findByText('All alarms are marked read.')).toBeTruthy();
  });

  it('shows a new alarm without a reload', async () => {
    let items = [alarm({})];
    renderAt(<AlarmsPage />, bff(() => items).api, '/manage/alarminfo');
    await screen.findByText('PoE over budget: 130 W of 120 W');
    items = [alarm({ id: 3, event: 'device.offline', text: 'Device went offline', alarmType: 'device-offline' }), ...items];
    ScriptedEventSource.last.send({ type: 'log', entries: 1, alarms: 1, read: 0 });
    expect(await screen.findByText('Device went offline')).toBeTruthy();
  });

  it('is read-only for a read-only guest, with the reason, and says when there are no alarms', async () => {
    renderAt(<AlarmsPage />, bff(() => []).api, '/manage/alarminfo', '/manage/alarminfo', { project: readOnlyProject });
    expect(await screen.findByText('No alarms for these filters.')).toBeTruthy();
    expect(screen.getByText(/You cannot mark alarms read/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });
});
