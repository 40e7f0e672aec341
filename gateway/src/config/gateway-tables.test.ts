import { describe, expect, it } from 'vitest';
import { maskOf, renderDhcp, renderPortmap, renderRoutes, renderVlan } from './gateway-tables.js';

const facts = { sn: 'AL5RT00000000001', type: 'router' as const, model: 'AL-GW1200' };

describe('maskOf', () => {
  it.each([[0, '0.0.0.0'], [8, '255.0.0.0'], [20, '255.255.240.0'], [24, '255.255.255.0'], [32, '255.255.255.255']])('/%i → %s', (p, m) => expect(maskOf(p)).toBe(m));
});

describe('routes renderer', () => {
  it('gives one static IPv4Forwarding instance per route, leaving the device’s own routes', () => {
    const t = renderRoutes({ routes: [{ destination: '10.20.0.0', mask: 16, nextHop: '192.168.50.254' }] }, facts);
    expect(t.tables).toEqual([
      {
        path: 'Device.Routing.Router.1.IPv4Forwarding.',
        owns: 'airloom',
        instances: [{ alias: 'airloom-routes-10.20.0.0-16', params: { Enable: 'true', StaticRoute: 'true', DestIPAddress: '10.20.0.0', DestSubnetMask: '255.255.0.0', GatewayIPAddress: '192.168.50.254' } }],
      },
    ]);
  });
  it('an empty section removes every console route', () => expect(renderRoutes({ routes: [] }, facts).tables[0]!.instances).toEqual([]));
});

describe('port mapping renderer', () => {
  const rule = { name: 'cam', protocol: 'tcp' as const, external: '8080', internal: '80', internalIp: '192.168.50.20', enabled: true };
  it.each([
    ['single TCP port', rule, [['TCP', '8080', '0', '80']]],
    ['all = TCP and UDP', { ...rule, protocol: 'all' as const }, [['TCP', '8080', '0', '80'], ['UDP', '8080', '0', '80']]],
    ['list and range', { ...rule, external: '8080;9000-9010', internal: '80;7000~7010' }, [['TCP', '8080', '0', '80'], ['TCP', '9000', '9010', '7000']]],
  ])('%s', (_, r, expected) => {
    const [table] = renderPortmap({ rules: [r] }, facts).tables;
    expect(table!.path).toBe('Device.NAT.PortMapping.');
    expect(table!.instances.map((i) => [i.params.Protocol, i.params.ExternalPort, i.params.ExternalPortEndRange, i.params.InternalPort])).toEqual(expected);
    expect(table!.instances.every((i) => i.params.InternalClient === '192.168.50.20' && i.params.Enable === 'true')).toBe(true);
  });
  it('a disabled rule stays on the device, switched off', () => {
    const [table] = renderPortmap({ rules: [{ ...rule, enabled: false }] }, facts).tables;
    expect(table!.instances[0]!.params.Enable).toBe('false');
  });
});

describe('DHCP renderer', () => {
  const pool = { name: 'guests', vlanId: 1, start: '192.168.50.100', end: '192.168.50.200', mask: 24, gateway: '192.168.50.1', dns: ['192.168.50.1', '1.1.1.1'], leaseMinutes: 1440, type: 'user' as const };
  it('a server pool: addresses, mask, DNS list, lease in seconds, VLAN and type', () => {
    const t = renderDhcp({ modes: { server: true, relay: false, snooping: false }, pools: [pool] }, facts);
    expect(t.params).toEqual({ 'Device.DHCPv4.Server.Enable': 'true', 'Device.DHCPv4.Relay.Enable': 'false', 'Device.X_AIRLOOM_DHCPSnooping.Enable': 'false' });
    expect(t.tables[0]!.instances).toEqual([
      { alias: 'airloom-dhcp-guests', params: { Enable: 'true', MinAddress: '192.168.50.100', MaxAddress: '192.168.50.200', SubnetMask: '255.255.255.0', IPRouters: '192.168.50.1', DNSServers: '192.168.50.1,1.1.1.1', LeaseTime: '86400', X_AIRLOOM_VLANID: '1', X_AIRLOOM_Type: 'user' } },
    ]);
    expect(t.tables[1]!.instances).toEqual([]);
  });
  it('relay: the server is off, its pools kept but disabled, one forwarding to the relay server', () => {
    const t = renderDhcp({ modes: { server: false, relay: true, snooping: false }, relayServer: '10.0.0.2', pools: [pool] }, facts);
    expect(t.params['Device.DHCPv4.Relay.Enable']).toBe('true');
    expect(t.tables[0]!.instances[0]!.params.Enable).toBe('false');
    expect(t.tables[1]!.instances).toEqual([{ alias: 'airloom-dhcp-relay', params: { Enable: 'true', DHCPServerIPAddress: '10.0.0.2' } }]);
  });
});

describe('VLAN renderer', () => {
  it('the default VLAN sets the LAN address; other VLANs are bridge VLANs with their address', () => {
    const t = renderVlan({ vlans: [{ id: 1, name: 'VLAN_Default', ip: '192.168.50.1', mask: 24 }, { id: 10, name: 'Staff', ip: '192.168.10.1', mask: 24 }] }, facts);
    expect(t.params).toEqual({ 'Device.IP.Interface.1.IPv4Address.1.IPAddress': '192.168.50.1', 'Device.IP.Interface.1.IPv4Address.1.SubnetMask': '255.255.255.0' });
    expect(t.tables).toEqual([
      {
        path: 'Device.Bridging.Bridge.1.VLAN.',
        owns: 'airloom',
        instances: [{ alias: 'airloom-vlan-10', params: { Enable: 'true', VLANID: '10', Name: 'Staff', X_AIRLOOM_IPAddress: '192.168.10.1', X_AIRLOOM_SubnetMask: '255.255.255.0' } }],
      },
    ]);
  });
});
