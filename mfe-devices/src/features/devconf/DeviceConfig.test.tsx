import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSection, deviceModel } from '@airloom/contracts/config';
import type { DeviceDetail, DeviceItem } from '@airloom/contracts';
import { DeviceConfigListPage } from './DeviceConfigListPage';
import { DeviceConfigPage } from './DeviceConfigPage';
import { ScriptedEventSource, change, device, fakeBff, ok, renderAt, section } from '../../test-harness';

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
});

const ROUTE = '/manage/devconf/:sn/:section';
const sw = device({ sn: 'ALSW100800000001', name: 'Floor-Switch', type: 'switch', model: 'AL-SW1008P', ip: '192.168.1.2' });
const ap = device({ sn: 'ALAP620000000001', name: 'Lobby-AP', type: 'ap', model: 'AL-AP620', status: 7, pendingConfig: true });
const model = deviceModel('AL-SW1008P')!;

function detailOf(d: DeviceItem, used: number): DeviceDetail {
  return {
    ...d,
    manufacturer: 'Airloom',
    reportedModel: d.model,
    cloudCode: null,
    remark: null,
    endpointId: `os::000000-${d.sn}`,
    radios: [],
    ssids: [],
    wifiClients: [],
    ports: Array.from({ length: 8 }, (_, i) => ({ name: `eth${i + 1}`, up: i === 0, speed: i === 0 ? 1000 : 0, poePower: i === 0 ? used : 0 })),
    poe: { total: 120, used, remaining: 120 - used },
    backhaul: null,
    bytesSent: 0,
    bytesReceived: 0,
    history: [],
  };
}

function bff(devices: DeviceItem[], more: Parameters<typeof fakeBff>[0] = {}) {
  return fakeBff({ 'GET /projects/1/devices': () => ok({ items: devices, total: devices.length }), ...more });
}

function unavailable(button: HTMLElement): boolean {
  return button.getAttribute('aria-disabled') === 'true' || (button as HTMLButtonElement).disabled;
}

function messageOf(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

describe('device configuration list', () => {
  it("lists the project's devices with their status, live, and Configure opens a device's settings", async () => {
    renderAt(<DeviceConfigListPage />, bff([sw, ap]).api, '/manage/devconf', '/manage/devconf');
    const table = await screen.findByRole('table', { name: 'Devices' });
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(row('Lobby-AP').textContent).toContain('Online, not saved');
    expect(row('Floor-Switch').textContent).toContain('Switch');
    expect(row('Floor-Switch').textContent).toContain('AL-SW1008P');
    ScriptedEventSource.last.send({ type: 'device', device: { ...ap, status: 1, pendingConfig: false, revision: 2 } });
    await waitFor(() => expect(row('Lobby-AP').textContent).not.toContain('not saved'));
    await userEvent.setup().click(within(row('Floor-Switch')).getByRole('button', { name: 'Configure Floor-Switch' }));
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });
});

describe("a device's settings", () => {
  it('a switch has the tabs of its kind, an AP only its name (and maintenance)', async () => {
    const server = bff([sw, ap], {
      [`GET /projects/1/devices/${sw.sn}/config/name`]: () => ok(section('name', { name: sw.name }, { sn: sw.sn })),
      [`GET /projects/1/devices/${ap.sn}/config/name`]: () => ok(section('name', { name: ap.name }, { sn: ap.sn })),
    });
    renderAt(<DeviceConfigPage />, server.api, `/manage/devconf/${sw.sn}/name`, ROUTE);
    const tabs = await screen.findByRole('navigation', { name: 'Settings of Floor-Switch' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['Name', 'Management IP', 'Ports', 'VLAN', 'DHCP server', 'PoE', 'Maintenance']);
    expect(within(tabs).getByRole('link', { name: 'Name' }).getAttribute('aria-current')).toBe('page');
    cleanup();
    renderAt(<DeviceConfigPage />, server.api, `/manage/devconf/${ap.sn}/name`, ROUTE);
    const apTabs = await screen.findByRole('navigation', { name: 'Settings of Lobby-AP' });
    expect(within(apTabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['Name', 'Maintenance']);
  });

  it('renaming sends the name section; an offline device is shown read-only with the reason', async () => {
    const server = bff([sw], {
      [`GET /projects/1/devices/${sw.sn}/config/name`]: () => ok(section('name', { name: sw.name }, { sn: sw.sn })),
      [`PUT /projects/1/devices/${sw.sn}/config/name`]: () => ok({ version: 2, status: 'pending' }),
    });
    renderAt(<DeviceConfigPage />, server.api, `/manage/devconf/${sw.sn}/name`, ROUTE);
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Device name');
    await user.clear(name);
    await user.type(name, 'Floor 2');
    expect(messageOf(name)).toContain('no spaces');
    await user.clear(name);
    await user.type(name, 'Floor-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ name: 'Floor-2' }));

    ScriptedEventSource.last.send({ type: 'device', device: { ...sw, status: 0, revision: 5 } });
    expect(await screen.findByText(/You can look at these settings but not change them: /)).toBeTruthy();
    expect((screen.getByLabelText('Device name') as HTMLInputElement).disabled).toBe(true);
  });

  it('a device in local management mode is shown read-only, saying so', async () => {
    const local = { ...sw, managementMode: 'local' as const };
    renderAt(<DeviceConfigPage />, bff([local], { [`GET /projects/1/devices/${sw.sn}/config/mgmt-ip`]: () => ok(section('mgmt-ip', defaultSection('mgmt-ip', model), { sn: sw.sn })) }).api, `/manage/devconf/${sw.sn}/mgmt-ip`, ROUTE);
    expect(await screen.findByText('You can look at these settings but not change them: not supported in local management mode')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Management IP' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('PoE: the budget as the switch reports it, two decimals, read again as it changes; more than the budget is refused before sending', async () => {
    let used = 15.5;
    const poe = defaultSection('poe', model) as { ports: { port: number; enabled: boolean; powerW: number }[] };
    const server = bff([sw], {
      [`GET /projects/1/devices/${sw.sn}`]: () => ok(detailOf(sw, used)),
      [`GET /projects/1/devices/${sw.sn}/config/poe`]: () => ok(section('poe', poe, { sn: sw.sn })),
    });
    renderAt(<DeviceConfigPage />, server.api, `/manage/devconf/${sw.sn}/poe`, ROUTE);
    const budget = await screen.findByRole('group', { name: 'PoE power' });
    await waitFor(() => expect(budget.textContent).toContain('Used15.50 W'));
    expect(budget.textContent).toContain('Total120.00 W');
    expect(budget.textContent).toContain('Remaining104.50 W');

    used = 20.25;
    ScriptedEventSource.last.send({ type: 'device', device: { ...sw, revision: 9 } });
    await waitFor(() => expect(screen.getByRole('group', { name: 'PoE power' }).textContent).toContain('Used20.25 W'));

    const user = userEvent.setup();
    const power = screen.getByLabelText('Power of port 1 (W)');
    await user.clear(power);
    await user.type(power, '30');
    const power2 = screen.getByLabelText('Power of port 2 (W)');
    await user.clear(power2);
    await user.type(power2, '30');
    expect(screen.getByRole('alert').textContent).toBe("The enabled ports need more power than the switch's PoE budget");
    expect(screen.getByText('The enabled ports may draw 150.00 W together; the budget is 120.00 W.')).toBeTruthy();
    expect(unavailable(screen.getByRole('button', { name: 'Save' }))).toBe(true);
    expect(server.count('PUT', `/projects/1/devices/${sw.sn}/config/poe`)).toBe(0);
  });

  it('QVLAN: off by default; turning it off asks first and says the VLAN configuration is cleared', async () => {
    const vlan = {
      qvlan: true,
      mgmtVlan: 1,
      mutualAccess: true,
      vlans: [{ id: 20, name: 'Cams', wireless: false }],
      ports: Array.from({ length: 8 }, (_, i) => ({ port: i + 1, pvid: 1, tagged: i === 0 ? [20] : [], untagged: [1], trunk: i === 0, stripped: [] })),
    };
    const server = bff([sw], {
      [`GET /projects/1/devices/${sw.sn}/config/switch-vlan`]: () => ok(section('switch-vlan', vlan, { sn: sw.sn })),
      [`PUT /projects/1/devices/${sw.sn}/config/switch-vlan`]: () => ok({ version: 2, status: 'pending' }),
    });
    renderAt(<DeviceConfigPage />, server.api, `/manage/devconf/${sw.sn}/switch-vlan`, ROUTE);
    const user = userEvent.setup();
    const qvlan = await screen.findByRole('checkbox', { name: 'QVLAN mode' });
    expect((screen.getByRole('combobox', { name: 'Port 1 in VLAN 20' }) as HTMLSelectElement).value).toBe('tagged');
    // tagged must differ from the PVID (spec §5)
    await user.selectOptions(screen.getByRole('combobox', { name: 'PVID of port 1' }), '20');
    expect(messageOf(screen.getByRole('combobox', { name: 'PVID of port 1' }))).toMatch(/PVID/);
    await user.selectOptions(screen.getByRole('combobox', { name: 'PVID of port 1' }), '1');

    await user.click(qvlan);
    const dialog = await screen.findByRole('dialog', { name: 'Turn QVLAN mode off?' });
    expect(dialog.textContent).toContain('clears the VLAN configuration');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off and clear' }));
    expect(screen.getByText('QVLAN mode is off: the switch has no VLAN configuration.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ qvlan: false, mgmtVlan: 1, mutualAccess: true, vlans: [], ports: [] }),
    );
  });

  it('ports: the link and PoE the switch reports beside the settings; a change of this section heard live reloads it', async () => {
    let remark = '';
    const ports = () => {
      const body = defaultSection('switch-ports', model) as { ports: { remark: string }[] };
      body.ports[0]!.remark = remark;
      return body;
    };
    const server = bff([sw], {
      [`GET /projects/1/devices/${sw.sn}`]: () => ok(detailOf(sw, 7.5)),
      [`GET /projects/1/devices/${sw.sn}/config/switch-ports`]: () => ok(section('switch-ports', ports(), { sn: sw.sn, version: remark ? 2 : 1 })),
    });
    renderAt(<DeviceConfigPage />, server.api, `/manage/devconf/${sw.sn}/switch-ports`, ROUTE);
    const table = await screen.findByRole('table', { name: 'Ports' });
    await waitFor(() => expect((table.querySelector('[data-port="1"]') as HTMLElement).textContent).toContain('Up, 1000 Mbit/s'));
    const first = table.querySelector('[data-port="1"]') as HTMLElement;
    expect(first.textContent).toContain('Ethernet');
    expect(first.textContent).toContain('7.50 W');
    expect((table.querySelector('[data-port="2"]') as HTMLElement).textContent).toContain('Down');

    remark = 'uplink';
    ScriptedEventSource.last.send({ type: 'config', change: change({ id: 7, section: 'switch-ports', sn: sw.sn, version: 2 }) });
    await waitFor(() => expect((screen.getByLabelText('Remark of port 1') as HTMLInputElement).value).toBe('uplink'));
  });
});
