import { describe, expect, it } from 'vitest';
import { NameSectionSchema, SECTION_NAMES } from '@airloom/contracts/config';
import { aliasFor, isEmptyPlan, planConfig, pathsToRead, type Tr181Target } from './target.js';
import { RENDERERS, rendererFor } from './renderers.js';

const VLAN = 'Device.Bridging.Bridge.1.VLAN.';
const facts = { sn: 'SN0001', type: 'switch' as const, model: 'S8' };

function vlanTarget(ids: number[], owns: 'all' | 'airloom' = 'airloom'): Tr181Target {
  return {
    params: {},
    tables: [{ path: VLAN, owns, instances: ids.map((id) => ({ alias: aliasFor('vlan', id), params: { VLANID: String(id), Enable: 'true' } })) }],
  };
}

describe('planConfig: what is sent to make the device hold the target', () => {
  const cases: { name: string; target: Tr181Target; reported: Record<string, string>; expected: ReturnType<typeof planConfig> }[] = [
    {
      name: 'a parameter that already holds the value sends nothing',
      target: { params: { 'Device.DeviceInfo.X_AIRLOOM_Name': 'Lobby' }, tables: [] },
      reported: { 'Device.DeviceInfo.X_AIRLOOM_Name': 'Lobby' },
      expected: { deletes: [], sets: [], adds: [] },
    },
    {
      name: 'a differing parameter is Set on its object',
      target: { params: { 'Device.DeviceInfo.X_AIRLOOM_Name': 'Lobby' }, tables: [] },
      reported: { 'Device.DeviceInfo.X_AIRLOOM_Name': 'AP-1' },
      expected: { deletes: [], sets: [{ objPath: 'Device.DeviceInfo.', params: { X_AIRLOOM_Name: 'Lobby' } }], adds: [] },
    },
    {
      name: 'a missing instance is Added with its Alias',
      target: vlanTarget([10]),
      reported: {},
      expected: { deletes: [], sets: [], adds: [{ objPath: VLAN, params: { Alias: 'airloom-vlan-10', VLANID: '10', Enable: 'true' } }] },
    },
    {
      name: 'an existing instance found by Alias gets only its differing values Set, whatever its number',
      target: vlanTarget([10]),
      reported: { [`${VLAN}7.Alias`]: 'airloom-vlan-10', [`${VLAN}7.VLANID`]: '10', [`${VLAN}7.Enable`]: 'false' },
      expected: { deletes: [], sets: [{ objPath: `${VLAN}7.`, params: { Enable: 'true' } }], adds: [] },
    },
    {
      name: 'an extra instance of ours is Deleted, the device’s own is left alone when the section owns only its instances',
      target: vlanTarget([]),
      reported: { [`${VLAN}1.Alias`]: 'cpe-default', [`${VLAN}1.VLANID`]: '1', [`${VLAN}2.Alias`]: 'airloom-vlan-20', [`${VLAN}2.VLANID`]: '20' },
      expected: { deletes: [`${VLAN}2.`], sets: [], adds: [] },
    },
    {
      name: 'a section owning the whole table deletes every other instance',
      target: vlanTarget([], 'all'),
      reported: { [`${VLAN}1.Alias`]: 'cpe-default', [`${VLAN}3.VLANID`]: '30' },
      expected: { deletes: [`${VLAN}1.`, `${VLAN}3.`], sets: [], adds: [] },
    },
    {
      name: 'parameters of nested tables are not mistaken for instances of this one',
      target: vlanTarget([10]),
      reported: { [`${VLAN}4.Alias`]: 'airloom-vlan-10', [`${VLAN}4.VLANID`]: '10', [`${VLAN}4.Enable`]: 'true', [`${VLAN}4.Stats.1.X`]: 'y' },
      expected: { deletes: [], sets: [], adds: [] },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(planConfig(c.target, c.reported)).toEqual(c.expected);
    });
  }

  it('a reference to an instance the device numbered is resolved by its values; one to an instance still to be added waits', () => {
    const ports = 'Device.Bridging.Bridge.1.VLANPort.';
    const member = (vlan: string): Tr181Target['tables'][number] => ({
      path: ports,
      owns: 'airloom',
      instances: [{ alias: `airloom-m-${vlan}`, params: { Untagged: 'true' }, refs: { VLAN: { table: VLAN, match: { VLANID: vlan } } } }],
    });
    const held = { [`${VLAN}3.Alias`]: 'cpe-vlan-1', [`${VLAN}3.VLANID`]: '1' };
    expect(planConfig({ params: {}, tables: [member('1')] }, held).adds).toEqual([{ objPath: ports, params: { Alias: 'airloom-m-1', Untagged: 'true', VLAN: `${VLAN}3` } }]);
    const waiting = planConfig({ params: {}, tables: [...vlanTarget([10]).tables, member('10')] }, held);
    expect(waiting.adds.map((a) => a.objPath)).toEqual([VLAN]);
    expect(waiting.waiting).toBe(1);
    expect(isEmptyPlan({ deletes: [], sets: [], adds: [], waiting: 1 })).toBe(false);
    expect(pathsToRead({ params: {}, tables: [member('1')] })).toEqual([ports, VLAN]);
  });

  it('reads what it diffs: the target’s parameters and owned tables', () => {
    const target: Tr181Target = { params: { 'Device.DeviceInfo.X_AIRLOOM_Name': 'x' }, tables: vlanTarget([1]).tables };
    expect(pathsToRead(target)).toEqual(['Device.DeviceInfo.X_AIRLOOM_Name', VLAN]);
  });
});

describe('renderers', () => {
  it('the name section renders the vendor name parameter, and a device holding it needs nothing', () => {
    const body = NameSectionSchema.parse({ name: 'Lobby-AP' });
    const target = rendererFor('name')!(body, facts);
    expect(target).toEqual({ params: { 'Device.DeviceInfo.X_AIRLOOM_Name': 'Lobby-AP' }, tables: [] });
    expect(isEmptyPlan(planConfig(target, { 'Device.DeviceInfo.X_AIRLOOM_Name': 'Lobby-AP' }))).toBe(true);
  });

  it('every registered renderer belongs to a known section', () => {
    for (const section of Object.keys(RENDERERS)) expect(SECTION_NAMES).toContain(section);
  });
});
