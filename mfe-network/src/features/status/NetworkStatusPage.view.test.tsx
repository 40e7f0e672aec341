// The list as a user arranges it: columns that fit 1280 px and are remembered per account, type
// filter from what the project holds, and everything in the address (reload, shared link).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '@airloom/shared-ui';
import type { DeviceItem, DeviceSummary } from '@airloom/contracts';
import { NetworkStatusPage } from './NetworkStatusPage';
import { ScriptedEventSource, device, fakeBff, meshProject, ok, renderPage } from '../../test-harness';

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
});

const SUMMARY: DeviceSummary = { byType: [], online: 0, offline: 0, restarting: 0, clients: 0, alarms: 0 };
const aps = ['Lobby', 'Bar', 'Pool'].map((where, i) => device({ sn: `ALAP50000000000${i + 1}`, name: `AP-${where}`, clients: i * 4 }));
const sw = device({ sn: 'ALSW240000000001', name: 'Core-Switch', type: 'switch', model: 'AL-SW1024P', clients: 9 });
const cam = device({ sn: 'ALIC000000000001', name: 'Cam-Gate', type: 'ipc', status: 0 });

function bff(items: DeviceItem[], projectId = 1, extra: Parameters<typeof fakeBff>[0] = {}) {
  return fakeBff({
    [`GET /projects/${projectId}/devices`]: () => ok({ items, total: items.length }),
    [`GET /projects/${projectId}/devices/summary`]: () => ok(SUMMARY),
    ...extra,
  });
}

/** Shows the address the page keeps, as the browser's address bar would. */
function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}
const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');
const ui = (
  <>
    <NetworkStatusPage />
    <Address />
  </>
);

const headers = async () =>
  within(await screen.findByRole('table', { name: 'Devices' }))
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.replace(/[↕▲▼]/g, ''));
const names = () =>
  within(screen.getByRole('table', { name: 'Devices' }))
    .queryAllByRole('button', { name: /, details$/ })
    .map((b) => b.querySelector('span')!.textContent);

describe('NetworkStatusPage: columns', () => {
  it('hides the cable-free column in a WLAN project (not even in the chooser), shows it in a MESH one', async () => {
    const user = userEvent.setup();
    renderPage(ui, bff([sw]).api);
    expect(await headers()).not.toContain('Cable-free mode');
    await user.click(screen.getByRole('button', { name: /^Columns/ }));
    expect(within(screen.getByRole('group', { name: 'Show columns' })).queryByRole('checkbox', { name: 'Cable-free mode' })).toBeNull();
    cleanup();
    renderPage(ui, bff([sw], meshProject.id).api, { project: meshProject });
    expect(await headers()).toContain('Cable-free mode');
  });

  it("applies the account's stored column choice and stores a new one", async () => {
    const user = userEvent.setup();
    const { mfe } = renderPage(ui, bff([sw]).api, { hiddenColumns: { 'network.devices': ['ip', 'model', 'mac'] } });
    expect(await headers()).toEqual(['Name', 'Status', 'Type', 'Client access', 'Software version', 'Management mode', 'Actions']);
    await user.click(screen.getByRole('button', { name: /^Columns/ }));
    await user.click(within(screen.getByRole('group', { name: 'Show columns' })).getByRole('checkbox', { name: 'MAC' }));
    expect(await headers()).toContain('MAC');
    expect(mfe.tableColumns?.setHidden).toHaveBeenLastCalledWith('network.devices', ['model', 'ip']);
  });
});

describe('NetworkStatusPage: type filter', () => {
  it('offers only the types the project holds, with their counts', async () => {
    const user = userEvent.setup();
    renderPage(ui, bff([...aps, sw, cam]).api);
    await screen.findByRole('table', { name: 'Devices' });
    const type = screen.getByRole('combobox', { name: 'Type' });
    const options = within(type).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['All types (5)', 'AP (3)', 'Switch (1)', 'IPC (1)']);
    await user.selectOptions(type, 'ap');
    expect(names()).toEqual(['AP-Bar', 'AP-Lobby', 'AP-Pool']);
  });
});

describe('NetworkStatusPage: the address', () => {
  it('puts the project, filters, search, sort and the open device in the address as the user changes them', async () => {
    const user = userEvent.setup();
    renderPage(ui, bff([...aps, sw, cam], 1, { [`GET /projects/1/devices/${sw.sn}`]: () => ok({ ...sw, manufacturer: 'Airloom', endpointId: 'os::x', radios: [], ssids: [], wifiClients: [], ports: [], bytesSent: 0, bytesReceived: 0, history: [] }) }).api);
    await screen.findByRole('table', { name: 'Devices' });
    await waitFor(() => expect(address().get('project')).toBe('1'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'online');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'co');
    await user.click(screen.getByRole('button', { name: /Client access/ }));
    await user.click(screen.getByRole('button', { name: /Client access/ }));
    await user.click(screen.getByRole('button', { name: /^Core-Switch / }));
    expect(Object.fromEntries(address())).toEqual({ project: '1', state: 'online', q: 'co', sort: '-clients', device: sw.sn });

    await user.click(screen.getByRole('button', { name: 'Close details' }));
    expect(address().get('device')).toBeNull();
  });

  it('opening the address again (reload, shared link) shows the same list and device', async () => {
    renderPage(ui, bff([...aps, sw, cam], 1, { [`GET /projects/1/devices/${aps[2]!.sn}`]: () => ok({ ...aps[2], manufacturer: 'Airloom', endpointId: 'os::x', radios: [], ssids: [], wifiClients: [], ports: [], bytesSent: 0, bytesReceived: 0, history: [] }) }).api, {
      search: `?project=1&type=ap&q=AP-&sort=-clients&device=${aps[2]!.sn}`,
    });
    await screen.findByRole('table', { name: 'Devices' });
    expect(names()).toEqual(['AP-Pool', 'AP-Bar', 'AP-Lobby']);
    expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement).value).toBe('ap');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('AP-');
    expect(screen.getByRole('columnheader', { name: /Client access/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('complementary', { name: 'Device details: AP-Pool' })).toBeTruthy();
  });
});

describe('NetworkStatusPage: devices to be verified', () => {
  it('says how many of the user\'s devices wait to be verified and opens their list', async () => {
    const user = userEvent.setup();
    const waiting = ['ALAP500000000042', 'ALAP500000000043'].map((sn) => ({ sn, type: 'ap', model: 'AL-AP620', mac: '02:41:4C:00:00:42', ip: '10.0.0.9', lastSeenAt: '2025-01-01T00:00:00.000Z' }));
    renderPage(ui, bff([sw], 1, { 'GET /devices/unverified': () => ok({ items: waiting, total: 2 }) }).api);
    expect(await screen.findByText(/2 of your devices are waiting to be verified/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Review and add' }));
    const dialog = screen.getByRole('dialog', { name: 'Add device' });
    expect(await within(dialog).findByRole('button', { name: 'Add ALAP500000000042' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Add ALAP500000000043' })).toBeTruthy();
  });

  it("the overview's link (?verify=1) opens the list at once", async () => {
    const waiting = [{ sn: 'ALAP500000000042', type: 'ap', model: 'AL-AP620', mac: '02:41:4C:00:00:42', ip: '10.0.0.9', lastSeenAt: '2025-01-01T00:00:00.000Z' }];
    renderPage(ui, bff([sw], 1, { 'GET /devices/unverified': () => ok({ items: waiting, total: 1 }) }).api, { search: '?verify=1' });
    const dialog = await screen.findByRole('dialog', { name: 'Add device' });
    expect(await within(dialog).findByRole('button', { name: 'Add ALAP500000000042' })).toBeTruthy();
    await waitFor(() => expect(address().get('verify')).toBeNull());
  });

  it("the commissioning checklist's link (?import=1) opens the import dialog at once", async () => {
    renderPage(ui, bff([sw]).api, { search: '?import=1' });
    expect(await screen.findByRole('dialog', { name: 'Import devices from Excel' })).toBeTruthy();
    await waitFor(() => expect(address().get('import')).toBeNull());
  });

  it('says nothing when none wait', async () => {
    const server = bff([sw], 1, { 'GET /devices/unverified': () => ok({ items: [], total: 0 }) });
    renderPage(ui, server.api);
    await screen.findByRole('table', { name: 'Devices' });
    await waitFor(() => expect(server.count('GET', '/devices/unverified')).toBe(1));
    expect(screen.queryByText(/waiting to be verified/)).toBeNull();
  });
});
