import { describe, expect, it } from 'vitest';
import { deviceModel, switchVlanSectionFor } from '@airloom/contracts/config';
import { addableIds } from '../netconf/VlanForm';
import { membershipOf, qvlanOn, withMembership, withoutVlan } from './SwitchVlanForm';

const small = deviceModel('AL-SW1008P')!; // VLAN IDs 10–1024, 32 VLANs
const port = { port: 1, pvid: 20, tagged: [30], untagged: [20], trunk: true, stripped: [] as number[] };

describe('switch VLAN editing', () => {
  it('a VLAN is in one list of a port at most: tagged, untagged or stripped', () => {
    const tagged = withMembership(port, 20, 'tagged');
    expect(tagged).toMatchObject({ tagged: [20, 30], untagged: [] });
    expect(membershipOf(tagged, 20)).toBe('tagged');
    expect(membershipOf(withMembership(tagged, 20, 'stripped'), 20)).toBe('stripped');
    expect(membershipOf(withMembership(tagged, 20, 'none'), 20)).toBe('none');
  });

  it('QVLAN on for the first time puts every port in the default VLAN; the trunk is left to choose (the schema asks for it)', () => {
    const on = qvlanOn({ qvlan: false, mgmtVlan: 1, mutualAccess: true, vlans: [], ports: [] }, small);
    expect((on.ports as unknown[]).length).toBe(8);
    const issues = switchVlanSectionFor(small).safeParse(on).error?.issues.map((i) => i.message);
    expect(issues).toEqual(['rules.switchVlan.trunkRequired']);
  });

  it('removing a VLAN takes it out of every port, and a PVID or management VLAN on it falls back to VLAN 1', () => {
    const section = { qvlan: true, mgmtVlan: 20, mutualAccess: true, vlans: [{ id: 20, name: 'Cams', wireless: false }, { id: 30, name: 'Staff', wireless: true }], ports: [port] };
    const next = withoutVlan(section, 20);
    expect(next).toEqual({ ...section, mgmtVlan: 1, vlans: [{ id: 30, name: 'Staff', wireless: true }], ports: [{ ...port, pvid: 1, untagged: [] }] });
    expect(switchVlanSectionFor(small).safeParse(next).success).toBe(true);
  });

  it('adding by ID list: the spec list rule, no ID twice, the model range and count', () => {
    const list = { taken: [1, 20], length: 1 };
    expect(addableIds('30,40-42', list, small)).toEqual({ ids: [30, 40, 41, 42] });
    expect(addableIds('42-40', list, small)).toEqual({ error: 'rules.vlanList.order' });
    expect(addableIds('20', list, small)).toEqual({ error: 'rules.vlanTable.duplicateId' });
    expect(addableIds('2000', list, small)).toEqual({ error: 'rules.vlanTable.modelRange' });
    expect(addableIds('100-131', list, small)).toEqual({ error: 'rules.vlanTable.count' });
  });
});
