import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceItem } from '@airloom/contracts';
import { GatewayPage, type GatewayView } from './GatewayPage';
import { ScriptedEventSource, device, fakeBff, ok, renderAt, section } from '../../test-harness';

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
});

const edge = device({ sn: 'ALGW120000000001', name: 'Edge', type: 'router', model: 'AL-GW1200', ip: '192.168.1.1' });
const vlans = { vlans: [{ id: 1, name: 'VLAN_Default', ip: '192.168.1.1', mask: 24 }] };

function bff(gateway: DeviceItem, sections: Record<string, Record<string, unknown>>, more: Parameters<typeof fakeBff>[0] = {}) {
  const handlers: Parameters<typeof fakeBff>[0] = { 'GET /projects/1/devices': () => ok({ items: [gateway], total: 1 }), ...more };
  for (const [name, body] of Object.entries({ vlan: vlans, ...sections })) {
    handlers[`GET /projects/1/gateway/${name}`] = () => ok(section(name as never, body, { sn: gateway.sn }));
  }
  return fakeBff(handlers);
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

const at = (view: GatewayView, path: string, api: Parameters<typeof renderAt>[1]) => renderAt(<GatewayPage view={view} />, api, path);

describe('internet settings', () => {
  it('a second WAN line where the model has one; a static line checked against the LAN before it is sent; the body sent', async () => {
    const server = bff(edge, { wan: { lines: [{ mode: 'dhcp' }] } }, { 'PUT /projects/1/gateway/wan': () => ok({ version: 2, status: 'pending' }) });
    at('wan', '/manage/networkconf/netset', server.api);
    const form = await screen.findByRole('form', { name: 'Internet settings' });
    const user = userEvent.setup();
    expect(within(form).getByRole('group', { name: 'WAN1' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Add a WAN line' }));
    expect(within(form).getByRole('group', { name: 'WAN2' })).toBeTruthy();
    // the model has two lines: no third
    expect(unavailable(within(form).getByRole('button', { name: 'Add a WAN line' }))).toBe(true);

    const wan1 = within(form).getByRole('group', { name: 'WAN1' });
    await user.selectOptions(within(wan1).getByLabelText('Connection type'), 'static');
    // a WAN change is sent with a rollback timer (safe apply): the page says what happens if it cuts the gateway off
    expect(within(form).getByText(/This change can cut the device off the cloud/)).toBeTruthy();
    await user.type(within(wan1).getByLabelText('IP address'), '192.168.1.20');
    await user.type(within(wan1).getByLabelText('Gateway'), '192.168.1.254');
    await user.type(within(wan1).getByLabelText('Primary DNS'), '8.8.8.8');
    // inside the LAN segment: refused here, as the server would
    expect(messageOf(within(wan1).getByLabelText('IP address'))).toBe('The WAN and LAN segments must not overlap');
    expect(unavailable(screen.getByRole('button', { name: 'Save' }))).toBe(true);

    await user.clear(within(wan1).getByLabelText('IP address'));
    await user.type(within(wan1).getByLabelText('IP address'), '203.0.113.20');
    await user.clear(within(wan1).getByLabelText('Gateway'));
    await user.type(within(wan1).getByLabelText('Gateway'), '203.0.113.1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.count('PUT', '/projects/1/gateway/wan')).toBe(1));
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toEqual({
      lines: [{ mode: 'static', ip: '203.0.113.20', mask: 24, gateway: '203.0.113.1', dns: ['8.8.8.8'] }, { mode: 'dhcp' }],
    });
  });

  it('PPPoE asks for user and password; the service name may stay empty', async () => {
    at('wan', '/manage/networkconf/netset', bff(edge, { wan: { lines: [{ mode: 'dhcp' }] } }).api);
    const form = await screen.findByRole('form', { name: 'Internet settings' });
    const user = userEvent.setup();
    await user.selectOptions(within(form).getByLabelText('Connection type'), 'pppoe');
    expect(messageOf(within(form).getByLabelText('User name'))).toBe('Please enter the user name and password');
    await user.type(within(form).getByLabelText('User name'), 'hotel');
    await user.type(within(form).getByLabelText('Password'), 'secret');
    expect(unavailable(screen.getByRole('button', { name: 'Save' }))).toBe(false);
    await user.type(within(form).getByLabelText('Service name'), 'bad name!');
    expect(messageOf(within(form).getByLabelText('Service name'))).toContain('Only digits, letters and @ : - _ + . are allowed');
  });
});

describe('DHCP', () => {
  it("a wireless router's DHCP is not configured here (spec notice)", async () => {
    const wr = device({ sn: 'ALWR180000000001', name: 'Home', type: 'wrouter', model: 'AL-WR1800' });
    const server = bff(wr, {});
    at('dhcp', '/manage/networkconf/dhcp', server.api);
    expect(await screen.findByText('The DHCP of APs and wireless routers is not configurable here.')).toBeTruthy();
    expect(server.count('GET', '/projects/1/gateway/dhcp')).toBe(0);
  });

  it('one mode at most; relay needs its server; pools take the lease choices of the spec', async () => {
    const server = bff(edge, { dhcp: { modes: { server: false, relay: false, snooping: false }, pools: [] } });
    at('dhcp', '/manage/networkconf/dhcp', server.api);
    const form = await screen.findByRole('form', { name: 'DHCP' });
    const user = userEvent.setup();
    const mode = within(form).getByLabelText('DHCP mode');
    expect([...(mode as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Off', 'DHCP relay', 'DHCP snooping', 'DHCP server']);
    await user.selectOptions(mode, 'relay');
    expect(messageOf(within(form).getByLabelText('DHCP relay server'))).toBe('Please enter the DHCP relay server');
    expect(unavailable(screen.getByRole('button', { name: 'Save' }))).toBe(true);
    await user.type(within(form).getByLabelText('DHCP relay server'), '10.0.0.5');
    expect(unavailable(screen.getByRole('button', { name: 'Save' }))).toBe(false);

    await user.selectOptions(mode, 'server');
    await user.click(within(form).getByRole('button', { name: 'Add a pool' }));
    const pool = within(form).getByRole('group', { name: 'Pool 1' });
    expect([...(within(pool).getByLabelText('Lease time') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      '30 minutes', '1 hour', '6 hours', '12 hours', '1 day', '3 days', '7 days',
    ]);
    expect([...(within(pool).getByLabelText('DHCP type') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['User', 'AP']);
    // a pool outside the VLAN it names is refused in the form (spec §5 segments)
    await user.type(within(pool).getByLabelText('Name'), 'guests');
    await user.type(within(pool).getByLabelText('Start IP'), '10.9.0.10');
    await user.type(within(pool).getByLabelText('End IP'), '10.9.0.99');
    await user.type(within(pool).getByLabelText('Gateway'), '10.9.0.1');
    await user.type(within(pool).getByLabelText('Primary DNS'), '10.9.0.1');
    expect(messageOf(within(pool).getByLabelText('Start IP'))).toBe('The pool must be in the segment of its VLAN');
  });
});

describe('static routes and the route table', () => {
  it('a loopback destination is refused under its field', async () => {
    at('routes', '/manage/networkconf/static', bff(edge, { routes: { routes: [] } }).api);
    const form = await screen.findByRole('form', { name: 'Static routes' });
    const user = userEvent.setup();
    expect(within(form).getByText('No static routes.')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Add a route' }));
    await user.type(within(form).getByLabelText('Destination'), '127.0.0.0');
    expect(messageOf(within(form).getByLabelText('Destination'))).toBe('Destinations starting with 127 are loopback addresses');
  });

  it('reads the table from the gateway, shows static routes apart from the routes the device made, and reads again on Refresh', async () => {
    const table = {
      sn: edge.sn,
      readAt: '2025-01-01T10:00:00.000Z',
      routes: [
        { destination: '0.0.0.0', mask: '0.0.0.0', gateway: '203.0.113.1', interface: 'WAN1', static: false, enabled: true },
        { destination: '10.20.0.0', mask: '255.255.0.0', gateway: '192.168.1.2', interface: 'LAN', static: true, enabled: true },
      ],
    };
    const server = bff(edge, {}, { 'GET /projects/1/gateway/route-table': () => ok(table) });
    at('route-table', '/manage/networkconf/router', server.api);
    const statics = await screen.findByRole('table', { name: 'Static routes' });
    expect(within(statics).getAllByRole('row')).toHaveLength(2);
    expect(statics.textContent).toContain('10.20.0.0');
    const made = screen.getByRole('table', { name: 'Routes the device made (connected, default)' });
    expect(made.textContent).toContain('203.0.113.1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.count('GET', '/projects/1/gateway/route-table')).toBe(2));
  });
});

describe('port mapping', () => {
  it('port lists must match in count and the internal IP must be in a LAN segment', async () => {
    at('portmap', '/manage/networkconf/port', bff(edge, { portmap: { rules: [] } }).api);
    const form = await screen.findByRole('form', { name: 'Port mapping' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Add a port mapping' }));
    const rule = within(form).getByRole('group', { name: 'Mapping 1' });
    expect([...(within(rule).getByLabelText('Protocol') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['All (TCP&UDP)', 'TCP', 'UDP']);
    await user.type(within(rule).getByLabelText('Name'), 'web');
    await user.type(within(rule).getByLabelText('External ports'), '80;8080');
    await user.type(within(rule).getByLabelText('Internal ports'), '80');
    await user.type(within(rule).getByLabelText('Internal IP'), '192.168.1.50');
    expect(messageOf(within(rule).getByLabelText('External ports'))).toContain('Internal and external port counts must match');
    await user.type(within(rule).getByLabelText('Internal ports'), ';8080');
    await user.clear(within(rule).getByLabelText('Internal IP'));
    await user.type(within(rule).getByLabelText('Internal IP'), '10.1.1.1');
    expect(messageOf(within(rule).getByLabelText('Internal IP'))).toBe('The internal IP must be in a LAN or VLAN segment');
  });
});
