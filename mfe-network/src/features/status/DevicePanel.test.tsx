// The details a user reads in the side panel: what suits the device (a switch's ports and PoE, a
// mesh secondary's backhaul, an AP's radios in dBm), an offline device's figures marked as last
// known, and removing a device from the project.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceDetail, DeviceItem, DeviceSummary } from '@airloom/contracts';
import { NetworkStatusPage } from './NetworkStatusPage';
import { ScriptedEventSource, device, fakeBff, meshProject, ok, renderPage, type PageOptions } from '../../test-harness';

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
});

const SUMMARY: DeviceSummary = { byType: [], online: 0, offline: 0, restarting: 0, clients: 0, alarms: 0 };

function detailOf(item: DeviceItem, more: Partial<DeviceDetail> = {}): DeviceDetail {
  return { ...item, manufacturer: 'Airloom', endpointId: `os::02414C-${item.sn}`, reportedModel: null, cloudCode: null, remark: null, radios: [], ssids: [], wifiClients: [], ports: [], poe: null, backhaul: null, bytesSent: 0, bytesReceived: 0, history: [], ...more };
}

function open(items: DeviceItem[], details: DeviceDetail[], options: PageOptions & { sn: string }, extra: Parameters<typeof fakeBff>[0] = {}) {
  const id = options.project?.id ?? 1;
  const server = fakeBff({
    [`GET /projects/${id}/devices`]: () => ok({ items, total: items.length }),
    [`GET /projects/${id}/devices/summary`]: () => ok(SUMMARY),
    ...Object.fromEntries(details.map((d) => [`GET /projects/${id}/devices/${d.sn}`, () => ok(d)])),
    ...extra,
  });
  const rendered = renderPage(<NetworkStatusPage />, server.api, { ...options, search: `?device=${options.sn}` });
  return { server, ...rendered };
}

const panel = () => screen.findByRole('complementary');
const headings = (el: HTMLElement) => within(el).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('DevicePanel: a switch', () => {
  const sw = device({ sn: 'ALSW240000000001', name: 'Core-Switch', type: 'switch', model: 'AL-SW1024P', clients: 14 });
  const ports = Array.from({ length: 24 }, (_, i) => ({ name: `Port${i + 1}`, up: i % 3 !== 2, speed: i % 3 !== 2 ? 1000 : 0, poePower: i % 3 === 0 ? 7.5 : 0 }));

  it('shows no Wi-Fi sections, the 24 ports as a grid with link and PoE per port, and the PoE budget in W', async () => {
    open([sw], [detailOf(sw, { ports, poe: { total: 370, used: 60, remaining: 310 } })], { sn: sw.sn });
    const p = await panel();
    await within(p).findByRole('list', { name: 'Ports' });
    expect(headings(p)).toEqual(['Identity', 'PoE power', 'Ports', 'Traffic since boot', 'Status history']);
    const tiles = within(within(p).getByRole('list', { name: 'Ports' })).getAllByRole('listitem');
    expect(tiles).toHaveLength(24);
    expect(tiles[0]!.textContent).toContain('Port1: up, 1000 Mbit/s, PoE 7.5 W');
    expect(tiles[1]!.textContent).toContain('Port2: up, 1000 Mbit/s, PoE on, nothing powered');
    expect(tiles[2]!.textContent).toContain('Port3: down');
    expect(tiles[0]!.dataset.up).toBe('true');
    expect(tiles[2]!.dataset.up).toBe('false');
    const poe = within(p).getByText('Total').closest('dl')!;
    expect([...poe.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['370 W', '60 W', '310 W']);
    expect(within(p).getByRole('meter', { name: 'Used' }).getAttribute('value')).toBe('60');
  });
});

describe('DevicePanel: identity', () => {
  const ap = device({ sn: 'ALAP000000000009', name: 'Lobby-AP', type: 'ap', model: 'AL-AP1200' });
  const facts = async () => {
    const identity = (await panel()).querySelector('dl')!;
    await waitFor(() => expect(identity.textContent).toContain('os::02414C-'));
    return [...identity.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
  };

  it('keeps the registered model and shows the model the device reports beside it when they differ', async () => {
    open([ap], [detailOf(ap, { reportedModel: 'TP-Agent-1' })], { sn: ap.sn });
    expect(await facts()).toEqual(expect.arrayContaining([['Model', 'AL-AP1200'], ['Model the device reports', 'TP-Agent-1']]));
  });

  it('says nothing more when the device reports the registered model', async () => {
    open([ap], [detailOf(ap, { reportedModel: 'AL-AP1200' })], { sn: ap.sn });
    expect((await facts()).map(([label]) => label)).not.toContain('Model the device reports');
  });
});

describe('DevicePanel: an access point', () => {
  it('gives transmit power in dBm', async () => {
    const ap = device({ sn: 'ALAP500000000001', name: 'AP-Lobby' });
    open([ap], [detailOf(ap, { radios: [{ band: '2.4GHz', channel: 6, power: 17, noise: -90 }, { band: '5GHz', channel: 36, power: 23, noise: -95 }] })], { sn: ap.sn });
    const radios = await within(await panel()).findByRole('table', { name: 'Radios' });
    expect(within(radios).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Band', 'Channel', 'Transmit power', 'Noise']);
    expect(within(radios).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['17 dBm', '23 dBm']);
  });
});

describe('DevicePanel: mesh', () => {
  const primary = device({ sn: 'AL6MX00000000001', name: 'Mesh-Living', type: 'mesh', meshMode: 'primary' });
  const kitchen = device({ sn: 'AL6MX00000000002', name: 'Mesh-Kitchen', type: 'mesh', meshMode: 'secondary' });
  const bedroom = device({ sn: 'AL6MX00000000003', name: 'Mesh-Bedroom', type: 'mesh', meshMode: 'secondary' });

  it('pins the primary first whatever the sort, and a secondary names its parent, hops, signal and rate', async () => {
    const user = userEvent.setup();
    open([kitchen, primary, bedroom], [detailOf(bedroom, { backhaul: { parentSn: kitchen.sn, hops: 2, signal: -63, rate: 390 } })], { sn: bedroom.sn, project: meshProject });
    const p = await panel();
    const backhaul = (await within(p).findByRole('heading', { name: 'Wireless backhaul' })).closest('section')!;
    const facts = [...backhaul.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(facts).toEqual(['Connected to: Mesh-Kitchen (AL6MX00000000002)', 'Hops to the primary: 2', 'Signal: -63 dBm', 'Rate: 390 Mbit/s']);

    const table = await screen.findByRole('table', { name: 'Devices' });
    const order = () => within(table).getAllByRole('button', { name: /, details$/ }).map((b) => b.querySelector('span')!.textContent);
    expect(order()).toEqual(['Mesh-Living', 'Mesh-Bedroom', 'Mesh-Kitchen']);
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(order()).toEqual(['Mesh-Living', 'Mesh-Kitchen', 'Mesh-Bedroom']);
  });
});

describe('DevicePanel: an offline device', () => {
  it("marks uptime, clients and the reported details as last known at its last contact, greyed", async () => {
    const cam = device({ sn: 'ALIC000000000001', name: 'Cam-Gate', type: 'ipc', status: 0, clients: 2, lastSeenAt: '2025-03-01T08:30:00.000Z' });
    open([cam], [detailOf(cam, { ports: [{ name: 'LAN1', up: true, speed: 100, poePower: null }] })], { sn: cam.sn });
    const p = await panel();
    const at = new Date('2025-03-01T08:30:00.000Z').toLocaleString();
    expect(within(p).getByText(`Offline. What is shown is what the device reported last, at ${at}.`)).toBeTruthy();
    expect(within(p).getByText('Client access (last known)')).toBeTruthy();
    expect(within(p).getByText('Uptime (last known)')).toBeTruthy();
    await within(p).findByRole('list', { name: 'Ports' });
    const stale = p.querySelector('[data-stale]')!;
    expect(stale.contains(within(p).getByRole('list', { name: 'Ports' }))).toBe(true);
    expect(getComputedStyle(stale).opacity).toBe('0.75');
  });

  it('an online device has no such mark', async () => {
    const ap = device({ sn: 'ALAP500000000001', name: 'AP-Lobby' });
    open([ap], [detailOf(ap)], { sn: ap.sn });
    const p = await panel();
    expect(within(p).queryByText(/reported last/)).toBeNull();
    expect(p.querySelector('[data-stale]')).toBeNull();
    expect(within(p).getByText('Client access')).toBeTruthy();
  });
});

describe('DevicePanel: remove from the project', () => {
  it('asks first, then removes the device from the list', async () => {
    const user = userEvent.setup();
    const ap = device({ sn: 'ALAP500000000001', name: 'AP-Lobby' });
    const other = device({ sn: 'ALAP500000000002', name: 'AP-Bar' });
    const { server } = open([ap, other], [detailOf(ap)], { sn: ap.sn }, { 'DELETE /projects/1/devices/ALAP500000000001': () => ok(null) });
    const p = await panel();
    await user.click(within(p).getByRole('button', { name: 'Remove from project: AP-Lobby' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove device from the project' });
    expect(dialog.textContent).toContain('AP-Lobby');
    expect(dialog.textContent).toContain('ALAP500000000001');
    expect(server.count('DELETE', '/projects/1/devices/ALAP500000000001')).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove from project' }));
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
    expect(server.count('DELETE', '/projects/1/devices/ALAP500000000001')).toBe(1);
    expect(screen.queryByRole('button', { name: /^AP-Lobby / })).toBeNull();
    expect(screen.getByRole('button', { name: /^AP-Bar / })).toBeTruthy();
    expect(await screen.findByText('“AP-Lobby” was removed from the project')).toBeTruthy();
  });
});
