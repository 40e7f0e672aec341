import { qvlanOff, type SwitchVlanSection } from '@airloom/contracts/config';
import { describe, expect, it } from 'vitest';
import { renderSwitchVlan } from './switch-vlan.js';

const facts = { sn: 'AL5SW00000000001', type: 'switch' as const, model: 'AL-SW1008P' };
const body: SwitchVlanSection = {
  qvlan: true,
  mgmtVlan: 1,
  mutualAccess: true,
  vlans: [{ id: 10, name: 'Staff', wireless: false }, { id: 20, name: 'Cams', wireless: true }],
  ports: [
    { port: 1, pvid: 1, tagged: [20, 10], untagged: [1], trunk: true, stripped: [] },
    { port: 3, pvid: 20, tagged: [], untagged: [20], trunk: false, stripped: [30, 11] },
  ],
};

describe('switch VLAN renderer', () => {
  const t = renderSwitchVlan(body, facts);

  it('QVLAN mode, mutual access and each listed port’s PVID, trunk and stripped VLANs (sorted)', () => {
    expect(t.params).toEqual({
      'Device.Bridging.Bridge.1.X_AIRLOOM_QVLANEnable': 'true',
      'Device.Bridging.Bridge.1.X_AIRLOOM_MutualAccess': 'true',
      'Device.Bridging.Bridge.1.Port.1.PVID': '1',
      'Device.Bridging.Bridge.1.Port.1.X_AIRLOOM_Trunk': 'true',
      'Device.Bridging.Bridge.1.Port.1.X_AIRLOOM_StrippedVLANs': '',
      'Device.Bridging.Bridge.1.Port.3.PVID': '20',
      'Device.Bridging.Bridge.1.Port.3.X_AIRLOOM_Trunk': 'false',
      'Device.Bridging.Bridge.1.Port.3.X_AIRLOOM_StrippedVLANs': '11,30',
    });
  });

  it('one bridge VLAN per VLAN, with its wired/wireless flag', () => {
    expect(t.tables[0]).toEqual({
      path: 'Device.Bridging.Bridge.1.VLAN.',
      owns: 'airloom',
      instances: [
        { alias: 'airloom-switch-vlan-10', params: { Enable: 'true', VLANID: '10', Name: 'Staff', X_AIRLOOM_Wireless: 'false' } },
        { alias: 'airloom-switch-vlan-20', params: { Enable: 'true', VLANID: '20', Name: 'Cams', X_AIRLOOM_Wireless: 'true' } },
      ],
    });
  });

  it('one VLANPort per port and member VLAN: untagged or tagged, its VLAN referenced by VLAN ID', () => {
    const members = t.tables[1]!.instances.map((i) => [i.alias, i.params.Port, i.params.Untagged, i.refs?.VLAN?.match.VLANID]);
    expect(members).toEqual([
      ['airloom-switch-vlan-1-p1', 'Device.Bridging.Bridge.1.Port.1', 'true', '1'],
      ['airloom-switch-vlan-20-p1', 'Device.Bridging.Bridge.1.Port.1', 'false', '20'],
      ['airloom-switch-vlan-10-p1', 'Device.Bridging.Bridge.1.Port.1', 'false', '10'],
      ['airloom-switch-vlan-20-p3', 'Device.Bridging.Bridge.1.Port.3', 'true', '20'],
    ]);
    expect(t.tables[1]!.instances.every((i) => i.refs?.VLAN?.table === 'Device.Bridging.Bridge.1.VLAN.')).toBe(true);
  });

  it('QVLAN off clears every console VLAN and membership', () => {
    const off = renderSwitchVlan(qvlanOff(body), facts);
    expect(off.params['Device.Bridging.Bridge.1.X_AIRLOOM_QVLANEnable']).toBe('false');
    expect(off.tables.map((x) => x.instances.length)).toEqual([0, 0]);
  });
});
