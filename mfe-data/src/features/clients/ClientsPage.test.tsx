import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlacklistEntry, OnlineClient } from '@airloom/contracts';
import { ClientsPage } from './ClientsPage';
import { ScriptedEventSource, demoProject, fakeBff, ok, readOnlyProject, refused, renderAt } from '../../test-harness';

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
});

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const phone: OnlineClient = {
  mac: 'AA:BB:CC:00:00:01', revision: 1, name: 'Room-214-iPhone', ip: '192.168.1.120', connection: 'wireless', sn: 'ALAP000000000001', deviceName: 'AP-Lobby',
  ssid: 'Airloom-Office', band: '5GHz', signal: -57, txBytes: 5 * 1024 * 1024, rxBytes: 1536, txRate: 585_000, rxRate: 292_500,
  online: true, onlineSince: at(125), offlineSince: null, type: 'phone', blacklisted: false,
};
const pc: OnlineClient = {
  ...phone, mac: 'AA:BB:CC:00:00:02', name: 'Front-desk-PC', connection: 'wired', ssid: null, band: null, signal: null, txBytes: null, rxBytes: null, txRate: null, rxRate: null, type: 'pc', deviceName: 'Core-Switch',
};
const gone: OnlineClient = { ...phone, online: false, offlineSince: at(3) };
const banned: BlacklistEntry = { mac: '5A:3F:91:0C:22:7E', note: 'Unknown scanner in the car park', createdAt: '2025-01-01T10:00:00.000Z' };
const enc = encodeURIComponent;

function bff(more: Parameters<typeof fakeBff>[0] = {}, clients: () => OnlineClient[] = () => [phone, pc], blacklist: () => BlacklistEntry[] = () => [banned]) {
  const list = () => ok({ items: clients(), total: clients().length });
  return fakeBff({
    'GET /projects/1/clients': list,
    'GET /projects/2/clients': list,
    'GET /projects/500000/clients': list,
    'GET /projects/1/blacklist': () => ok({ items: blacklist(), max: 100 }),
    'GET /projects/2/blacklist': () => ok({ items: blacklist(), max: 100 }),
    'GET /projects/500000/blacklist': () => ok({ items: blacklist(), max: 100 }),
    ...more,
  });
}

const rowOf = async (text: string) => (await within(await screen.findByRole('table', { name: 'Clients' })).findByText(text)).closest('tr') as HTMLElement;

describe('online clients page', () => {
  it('shows the spec §3 columns: name, type, IP, MAC, SSID and device, signal, totals and rates with 2 decimals, online duration', async () => {
    renderAt(<ClientsPage />, bff().api, '/manage/onlinelist');
    const row = await rowOf('Room-214-iPhone');
    for (const text of ['Phone', '192.168.1.120', 'AA:BB:CC:00:00:01', 'Airloom-Office · AP-Lobby · 5GHz', '-57 dBm', '5.00 MB / 1.50 KB', '585.00 Mbit/s / 292.50 Mbit/s', 'Online 2 h 5 min']) {
      expect(row.textContent).toContain(text);
    }
    expect((await rowOf('Front-desk-PC')).textContent).toContain('Cable to Core-Switch');
    expect(within(screen.getByTestId('blacklist-panel')).getByText('5A:3F:91:0C:22:7E')).toBeTruthy();
  });

  it('asks for the wireless clients only when chosen', async () => {
    const server = bff({}, () => [phone]);
    renderAt(<ClientsPage />, server.api, '/manage/onlinelist');
    await rowOf('Room-214-iPhone');
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'wireless');
    await waitFor(() => expect(server.count('GET', '/projects/1/clients')).toBe(2));
  });

  it('forces a client offline after the confirmation; the live event brings the list up to date without a reload', async () => {
    let items = [phone, pc];
    const server = bff({ [`POST /projects/1/clients/${enc(phone.mac)}/offline`]: () => ({ status: 202, body: { code: 0, data: { id: 9, revision: 1, projectId: 1, sn: phone.sn, kind: 'clientOffline', state: 'queued', error: null, createdAt: at(0), updatedAt: at(0) } } }) }, () => items);
    renderAt(<ClientsPage />, server.api, '/manage/onlinelist');
    await userEvent.click(within(await rowOf('Room-214-iPhone')).getByRole('button', { name: 'Force Room-214-iPhone offline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Force this client offline?' });
    expect(dialog.textContent).toContain('AP-Lobby');
    expect(server.count('POST', `/projects/1/clients/${enc(phone.mac)}/offline`)).toBe(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Force offline' }));
    await waitFor(() => expect(server.count('POST', `/projects/1/clients/${enc(phone.mac)}/offline`)).toBe(1));
    // the AP let it go: the gateway tells the page
    items = [gone, pc];
    ScriptedEventSource.last.send({ type: 'clients', sn: phone.sn, joined: 0, left: 1 });
    await waitFor(async () => expect((await rowOf('Room-214-iPhone')).textContent).toContain('Offline 3 min'));
    expect(within(await rowOf('Room-214-iPhone')).queryByRole('button', { name: /^Force/ })).toBeNull();
  });

  it('blacklists a client after the confirmation and removes an address from the panel after its own', async () => {
    let entries = [banned];
    const server = bff(
      {
        'POST /projects/1/blacklist': (req) => {
          entries = [{ mac: (req.body as { mac: string }).mac, note: 'Room-214-iPhone', createdAt: at(0) }, ...entries];
          return { status: 201, body: { code: 0, data: entries[0] } };
        },
        [`DELETE /projects/1/blacklist/${enc(banned.mac)}`]: () => {
          entries = entries.filter((e) => e.mac !== banned.mac);
          return ok({ mac: banned.mac });
        },
      },
      () => [phone],
      () => entries,
    );
    renderAt(<ClientsPage />, server.api, '/manage/onlinelist');
    await userEvent.click(within(await rowOf('Room-214-iPhone')).getByRole('button', { name: 'Blacklist Room-214-iPhone' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Blacklist this client?' })).getByRole('button', { name: 'Blacklist' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ mac: phone.mac }));
    const panel = screen.getByTestId('blacklist-panel');
    await within(panel).findByText(phone.mac);
    expect(panel.textContent).toContain('Blacklist (2 of 100)');
    await userEvent.click(within(panel).getByRole('button', { name: `Remove ${banned.mac} from the blacklist` }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove from the blacklist?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(panel).queryByText(banned.mac)).toBeNull());
  });

  it("checks a typed MAC with the server's rule before sending, and says why the server refused one (156)", async () => {
    const server = bff({ 'POST /projects/1/blacklist': () => refused(156, "This project's blacklist already holds 100 addresses, the most it may keep: remove one first.") });
    renderAt(<ClientsPage />, server.api, '/manage/onlinelist');
    const panel = await screen.findByTestId('blacklist-panel');
    await userEvent.type(within(panel).getByLabelText('MAC address'), 'not a mac');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add to the blacklist' }));
    expect(await within(panel).findByText('The MAC address looks like 00:1A:2B:3C:4D:5E')).toBeTruthy();
    expect(server.count('POST', '/projects/1/blacklist')).toBe(0);
    await userEvent.clear(within(panel).getByLabelText('MAC address'));
    await userEvent.type(within(panel).getByLabelText('MAC address'), '06:00:00:00:00:01');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add to the blacklist' }));
    expect(await screen.findByText(/could not be blacklisted: .*100 addresses/)).toBeTruthy();
  });

  it.each([
    ['a read-only guest', readOnlyProject, /read-only/],
    ['the demo project', demoProject, /Demo projects/],
  ])('is read-only with the reason for %s', async (_who, project, reason) => {
    renderAt(<ClientsPage />, bff().api, '/manage/onlinelist', '/manage/onlinelist', { project });
    await rowOf('Room-214-iPhone');
    expect(screen.getByText(/You can look but not change anything here/).textContent).toMatch(reason);
    expect(screen.queryByRole('button', { name: /^Force / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Blacklist / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to the blacklist' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it('says so when no client has been reported yet', async () => {
    renderAt(<ClientsPage />, bff({}, () => [], () => []).api, '/manage/onlinelist');
    expect(await screen.findByText('No clients yet: they appear as the devices report them.')).toBeTruthy();
    expect(screen.getByText('Nobody is blacklisted.')).toBeTruthy();
  });
});
