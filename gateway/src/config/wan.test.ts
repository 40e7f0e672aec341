import { describe, expect, it } from 'vitest';
import type { WanLine } from '@airloom/contracts/config';
import { renderWan } from './wan.js';

const twoLines = { sn: 'AL5RT00000000001', type: 'router' as const, model: 'AL-GW1200' };
const oneLine = { sn: 'AL5WR00000000001', type: 'wrouter' as const, model: 'AL-WR1800' };

describe('WAN renderer', () => {
  const cases: { name: string; line: WanLine; expected: Record<string, string> }[] = [
    {
      name: 'DHCP: over the Ethernet port, DHCP client on, PPP off',
      line: { mode: 'dhcp' },
      expected: {
        'Device.IP.Interface.2.Enable': 'true',
        'Device.IP.Interface.2.LowerLayers': 'Device.Ethernet.Interface.1',
        'Device.DHCPv4.Client.1.Enable': 'true',
        'Device.PPP.Interface.1.Enable': 'false',
      },
    },
    {
      name: 'static: address, dotted mask and the default gateway on the address',
      line: { mode: 'static', ip: '203.0.113.20', mask: 24, gateway: '203.0.113.1', dns: ['1.1.1.1'] },
      expected: {
        'Device.IP.Interface.2.Enable': 'true',
        'Device.IP.Interface.2.LowerLayers': 'Device.Ethernet.Interface.1',
        'Device.DHCPv4.Client.1.Enable': 'false',
        'Device.PPP.Interface.1.Enable': 'false',
        'Device.IP.Interface.2.IPv4Address.1.IPAddress': '203.0.113.20',
        'Device.IP.Interface.2.IPv4Address.1.SubnetMask': '255.255.255.0',
        'Device.IP.Interface.2.IPv4Address.1.X_AIRLOOM_DefaultGateway': '203.0.113.1',
      },
    },
    {
      name: 'PPPoE: the IP interface runs over the PPP interface, with credentials and service name',
      line: { mode: 'pppoe', user: 'u@isp', password: 'pw', serviceName: 'Fibre' },
      expected: {
        'Device.IP.Interface.2.Enable': 'true',
        'Device.IP.Interface.2.LowerLayers': 'Device.PPP.Interface.1',
        'Device.DHCPv4.Client.1.Enable': 'false',
        'Device.PPP.Interface.1.Enable': 'true',
        'Device.PPP.Interface.1.Username': 'u@isp',
        'Device.PPP.Interface.1.Password': 'pw',
        'Device.PPP.Interface.1.X_AIRLOOM_Transport': 'PPPoE',
        'Device.PPP.Interface.1.X_AIRLOOM_Server': '',
        'Device.PPP.Interface.1.PPPoE.ServiceName': 'Fibre',
      },
    },
    {
      name: 'L2TP: a vendor transport of the PPP interface with its server, the line addressed by DHCP',
      line: { mode: 'l2tp', server: '203.0.113.9', user: 'u', password: 'pw' },
      expected: {
        'Device.IP.Interface.2.Enable': 'true',
        'Device.IP.Interface.2.LowerLayers': 'Device.PPP.Interface.1',
        'Device.DHCPv4.Client.1.Enable': 'true',
        'Device.PPP.Interface.1.Enable': 'true',
        'Device.PPP.Interface.1.Username': 'u',
        'Device.PPP.Interface.1.Password': 'pw',
        'Device.PPP.Interface.1.X_AIRLOOM_Transport': 'L2TP',
        'Device.PPP.Interface.1.X_AIRLOOM_Server': '203.0.113.9',
        'Device.PPP.Interface.1.PPPoE.ServiceName': '',
      },
    },
  ];
  it.each(cases)('$name', ({ line, expected }) => {
    expect(renderWan({ lines: [line] }, oneLine).params).toEqual(expected);
  });

  it('a model with two lines: an unconfigured WAN2 is switched off; a configured one is IP interface 3 over PPP interface 2', () => {
    expect(renderWan({ lines: [{ mode: 'dhcp' }] }, twoLines).params['Device.IP.Interface.3.Enable']).toBe('false');
    const p = renderWan({ lines: [{ mode: 'dhcp' }, { mode: 'pptp', server: '203.0.113.7', user: 'u', password: 'p' }] }, twoLines).params;
    expect([p['Device.IP.Interface.3.LowerLayers'], p['Device.PPP.Interface.2.X_AIRLOOM_Transport']]).toEqual(['Device.PPP.Interface.2', 'PPTP']);
  });

  it('static DNS servers are console instances of Device.DNS.Client.Server on their line; DHCP has none', () => {
    const t = renderWan({ lines: [{ mode: 'static', ip: '203.0.113.20', mask: 24, gateway: '203.0.113.1', dns: ['1.1.1.1', '9.9.9.9'] }] }, twoLines);
    expect(t.tables).toEqual([
      {
        path: 'Device.DNS.Client.Server.',
        owns: 'airloom',
        instances: [
          { alias: 'airloom-wan-1-dns-1', params: { Enable: 'true', DNSServer: '1.1.1.1', Interface: 'Device.IP.Interface.2' } },
          { alias: 'airloom-wan-1-dns-2', params: { Enable: 'true', DNSServer: '9.9.9.9', Interface: 'Device.IP.Interface.2' } },
        ],
      },
    ]);
    expect(renderWan({ lines: [{ mode: 'dhcp' }] }, twoLines).tables[0]!.instances).toEqual([]);
  });
});
