// `mgmt-ip` section: a switch's management address. Its IP interface 1 sits on the management VLAN
// (Device.Ethernet.VLANTermination.1, the interface's LowerLayers); the default gateway is a vendor
// parameter of the address, as on a gateway's static WAN line.
import type { MgmtIpSection } from '@airloom/contracts/config';
import { maskOf } from './gateway-tables.js';
import type { Renderer } from './target.js';

const ADDRESS = 'Device.IP.Interface.1.IPv4Address.1.';
export const MGMT_VLAN_ID = 'Device.Ethernet.VLANTermination.1.VLANID';

export const renderMgmtIp: Renderer<MgmtIpSection> = (body) => ({
  params: {
    [`${ADDRESS}IPAddress`]: body.ip,
    [`${ADDRESS}SubnetMask`]: maskOf(body.mask),
    [`${ADDRESS}X_AIRLOOM_DefaultGateway`]: body.gateway,
    [MGMT_VLAN_ID]: String(body.vlan),
  },
  tables: [],
});
