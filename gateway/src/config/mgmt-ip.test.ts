import { describe, expect, it } from 'vitest';
import { renderMgmtIp } from './mgmt-ip.js';

describe('management IP renderer', () => {
  it.each([
    [{ ip: '192.168.50.3', mask: 24, gateway: '192.168.50.1', vlan: 1 }, ['192.168.50.3', '255.255.255.0', '192.168.50.1', '1']],
    [{ ip: '10.1.2.3', mask: 16, gateway: '10.1.0.1', vlan: 99 }, ['10.1.2.3', '255.255.0.0', '10.1.0.1', '99']],
  ])('%o', (body, [ip, mask, gateway, vlan]) => {
    expect(renderMgmtIp(body, { sn: 'AL5SW00000000001', type: 'switch', model: 'AL-SW1008P' })).toEqual({
      params: {
        'Device.IP.Interface.1.IPv4Address.1.IPAddress': ip,
        'Device.IP.Interface.1.IPv4Address.1.SubnetMask': mask,
        'Device.IP.Interface.1.IPv4Address.1.X_AIRLOOM_DefaultGateway': gateway,
        'Device.Ethernet.VLANTermination.1.VLANID': vlan,
      },
      tables: [],
    });
  });
});
