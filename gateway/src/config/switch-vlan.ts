// `switch-vlan` section: 802.1Q on a switch's bridge. VLANs are Device.Bridging.Bridge.1.VLAN
// instances; a port's membership is one VLANPort per (port, VLAN) with Untagged; PVID is the bridge
// port's. QVLAN mode, mutual access, trunk ports, stripped VLANs and the wireless flag have no TR-181
// parameter (vendor X_AIRLOOM_). The management VLAN is the mgmt-ip section's (one owner per parameter).
import type { SwitchVlanSection } from '@airloom/contracts/config';
import { BRIDGE_VLAN } from './gateway-tables.js';
import { aliasFor, type Renderer, type Tr181Instance } from './target.js';

export const BRIDGE = 'Device.Bridging.Bridge.1.';
export const BRIDGE_VLAN_PORT = 'Device.Bridging.Bridge.1.VLANPort.';
const bridgePort = (port: number) => `${BRIDGE}Port.${port}`;

export const renderSwitchVlan: Renderer<SwitchVlanSection> = (body) => {
  const params: Record<string, string> = {
    [`${BRIDGE}X_AIRLOOM_QVLANEnable`]: String(body.qvlan),
    [`${BRIDGE}X_AIRLOOM_MutualAccess`]: String(body.mutualAccess),
  };
  const members: Tr181Instance[] = [];
  for (const p of body.ports) {
    params[`${bridgePort(p.port)}.PVID`] = String(p.pvid);
    params[`${bridgePort(p.port)}.X_AIRLOOM_Trunk`] = String(p.trunk);
    params[`${bridgePort(p.port)}.X_AIRLOOM_StrippedVLANs`] = [...p.stripped].sort((a, b) => a - b).join(',');
    const member = (vlan: number, untagged: boolean): Tr181Instance => ({
      alias: aliasFor('switch-vlan', `${vlan}-p${p.port}`),
      params: { Enable: 'true', Port: bridgePort(p.port), Untagged: String(untagged) },
      // VLAN 1 is the device's own instance; the others are added by this section
      refs: { VLAN: { table: BRIDGE_VLAN, match: { VLANID: String(vlan) } } },
    });
    for (const vlan of p.untagged) members.push(member(vlan, true));
    for (const vlan of p.tagged) members.push(member(vlan, false));
  }
  return {
    params,
    tables: [
      {
        path: BRIDGE_VLAN,
        owns: 'airloom',
        instances: body.vlans.map((v) => ({
          alias: aliasFor('switch-vlan', v.id),
          params: { Enable: 'true', VLANID: String(v.id), Name: v.name, X_AIRLOOM_Wireless: String(v.wireless) },
        })),
      },
      { path: BRIDGE_VLAN_PORT, owns: 'airloom', instances: members },
    ],
  };
};
