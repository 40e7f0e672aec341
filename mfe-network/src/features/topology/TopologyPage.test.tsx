// The topology page's hand-added terminals (spec §5 "Topology"): they are listed as such, the dialog
// offers only devices with a free port and only free ports, a model must be chosen before anything is
// sent, a refusal is shown, a terminal is changed or deleted after a confirmation, and a read-only
// project offers no way to add one. (The drawing itself is G6's, checked in Chromium by e2e.)
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, type Terminal, type Topology } from '@airloom/contracts';
import { TopologyPage } from './TopologyPage';
import { ScriptedEventSource, device, fakeBff, ok, readOnlyProject, renderPage } from '../../test-harness';

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
});

const gw = device({ sn: 'ALGW000000000001', name: 'Gateway', type: 'router', model: 'AL-GW1200' });
const sw = device({ sn: 'ALSW000000000001', name: 'Core-Switch', type: 'switch', model: 'AL-SW1008P' });
const ap = device({ sn: 'ALAP000000000001', name: 'Lobby-AP', type: 'ap', model: 'AL-AP620' });

const printer: Terminal = { id: 7, sn: sw.sn, port: 5, kind: 'printer', model: 'HP LaserJet Pro', name: 'Front desk printer', ip: '192.168.1.200', mac: '3C:52:82:10:20:30', vlan: 10, revision: 1 };

function topology(terminals: Terminal[] = [printer]): Topology {
  const used = [1, 3, ...terminals.map((t) => t.port)].sort((a, b) => a - b);
  return {
    nodes: [
      { id: 'internet', kind: 'internet' },
      { id: gw.sn, kind: 'router', sn: gw.sn, name: 'Gateway', status: 1, ports: { count: 5, used: [1, 2] } },
      { id: sw.sn, kind: 'switch', sn: sw.sn, name: 'Core-Switch', status: 1, ports: { count: 8, used } },
      // its one port holds the cable to the switch
      { id: ap.sn, kind: 'ap', sn: ap.sn, name: 'Lobby-AP', status: 1, ports: { count: 1, used: [1] } },
      ...terminals.map((t) => ({ id: `terminal:${t.id}`, kind: 'unknown' as const, name: t.name ?? t.model, manual: true as const, terminal: t })),
    ],
    edges: [
      { from: 'internet', to: gw.sn, speed: '1g' },
      { from: gw.sn, to: sw.sn, speed: '1g' },
      // the AP speaks no LLDP: the switch's MAC table places it on its port 3
      { from: sw.sn, to: ap.sn, speed: '1g', port: 3, source: { kind: 'mac-table', sn: sw.sn, port: 3 } },
      ...terminals.map((t) => ({ from: t.sn, to: `terminal:${t.id}`, speed: '1g' as const, manual: true as const, port: t.port })),
    ],
  };
}

function bff(extra: Parameters<typeof fakeBff>[0] = {}, projectId = 1) {
  return fakeBff({
    [`GET /projects/${projectId}/devices`]: () => ok({ items: [gw, sw, ap], total: 3 }),
    [`GET /projects/${projectId}/topology`]: () => ok(topology()),
    ...extra,
  });
}

const page = <TopologyPage />;

// G6's chunk loads on the first render: the first test waits for it on a busy machine
describe('hand-added terminals on the topology page', { timeout: 30_000 }, () => {
  it('lists a hand-added terminal as such and opens it to change', async () => {
    const { api, requests } = bff({
      'PUT /projects/1/topology/terminals/7': (req) => ok({ ...printer, ...(req.body as object), revision: 2 }),
    });
    renderPage(page, api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Terminal Front desk printer, added by hand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminal added by hand' });
    expect(within(dialog).getByLabelText(/^Model/)).toHaveProperty('value', 'HP LaserJet Pro');
    expect(within(dialog).getByLabelText(/^Port/)).toHaveProperty('value', '5');
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Back office printer');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ sn: sw.sn, port: 5, kind: 'printer', model: 'HP LaserJet Pro', name: 'Back office printer', ip: '192.168.1.200', mac: '3C:52:82:10:20:30', vlan: 10 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('adds one: only devices with a free port and only free ports are offered, and a model must be chosen first', async () => {
    const { api, requests, count } = bff({
      'POST /projects/1/topology/terminals': (req) => ({ status: 201, body: { code: 0, data: { ...printer, id: 8, ...(req.body as object) } } }),
    });
    renderPage(page, api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a terminal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a terminal by hand' });
    const devices = within(within(dialog).getByLabelText(/^Device/)).getAllByRole('option').map((o) => o.textContent);
    // the AP's one port is taken by its cable: it is not offered
    expect(devices).toEqual(['Gateway (3 free ports)', 'Core-Switch (5 free ports)']);
    await user.selectOptions(within(dialog).getByLabelText(/^Device/), sw.sn);
    const ports = within(within(dialog).getByLabelText(/^Port/)).getAllByRole('option').map((o) => o.textContent);
    expect(ports).toEqual(['Port 2', 'Port 4', 'Port 6', 'Port 7', 'Port 8']);
    await user.selectOptions(within(dialog).getByLabelText(/^Port/), '6');
    await user.selectOptions(within(dialog).getByLabelText(/^Kind/), 'ip-phone');

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Please choose a model')).toBeTruthy();
    expect(count('POST', '/projects/1/topology/terminals')).toBe(0);

    await user.click(within(dialog).getByRole('button', { name: 'Yealink T31P' }));
    await user.type(within(dialog).getByLabelText(/^IP address/), '127.0.0.9');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(/loopback/i)).toBeTruthy();
    expect(count('POST', '/projects/1/topology/terminals')).toBe(0);

    await user.clear(within(dialog).getByLabelText(/^IP address/));
    await user.type(within(dialog).getByLabelText(/^IP address/), '192.168.1.201');
    await user.type(within(dialog).getByLabelText(/^VLAN/), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ sn: sw.sn, port: 6, kind: 'ip-phone', model: 'Yealink T31P', ip: '192.168.1.201', vlan: 20 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the topology is read again to draw it
    await waitFor(() => expect(count('GET', '/projects/1/topology')).toBeGreaterThan(1));
  });

  it('shows why the server refused (all ports used meanwhile)', async () => {
    const { api } = bff({
      'POST /projects/1/topology/terminals': () => ({ status: 400, body: { code: ErrorCode.TERMINAL_PORTS_FULL, message: 'all ports of the device are used' } }),
    });
    renderPage(page, api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a terminal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a terminal by hand' });
    await user.selectOptions(within(dialog).getByLabelText(/^Device/), sw.sn);
    await user.click(within(dialog).getByRole('button', { name: 'HP LaserJet Pro' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(`All ports of device ${sw.sn} are used: no terminal can be added to it.`)).toBeTruthy();
  });

  it('deletes a terminal only after a confirmation', async () => {
    const { api, count } = bff({ 'DELETE /projects/1/topology/terminals/7': () => ok({ id: 7 }) });
    renderPage(page, api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Terminal Front desk printer, added by hand' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this terminal?' });
    expect(confirm.textContent).toContain('“Front desk printer” on port 5');
    expect(count('DELETE', '/projects/1/topology/terminals/7')).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(count('DELETE', '/projects/1/topology/terminals/7')).toBe(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says in a device's panel where its link comes from: a switch's MAC table, or LLDP", async () => {
    const { api } = bff({
      [`GET /projects/1/devices/${ap.sn}`]: () => ok({ ...ap, endpointId: `os::${ap.sn}` }),
      [`GET /projects/1/devices/${sw.sn}`]: () => ok({ ...sw, endpointId: `os::${sw.sn}` }),
    });
    renderPage(page, api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Details of Lobby-AP' }));
    expect((await screen.findByTestId('topology-link-source')).textContent).toBe('Its link to Core-Switch: 1 Gbps, from the MAC table of Core-Switch port 3');
    await user.click(screen.getByRole('button', { name: 'Details of Core-Switch' }));
    await waitFor(() => expect(screen.getByTestId('topology-link-source').textContent).toBe('Its link to Gateway: 1 Gbps, as reported'));
  });

  it('offers no way to add or change a terminal in a read-only project', async () => {
    const { api } = bff({}, 2);
    renderPage(page, api, { project: readOnlyProject });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Terminal Front desk printer, added by hand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminal added by hand' });
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(dialog).getByLabelText(/^Model/)).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Add a terminal' })).toBeNull();
  });
});
