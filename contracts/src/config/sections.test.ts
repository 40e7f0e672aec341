import { describe, expect, it } from 'vitest';
import { CONFIG_SECTIONS, DEVICE_CONFIG_SECTIONS, GATEWAY_CONFIG_SECTIONS } from '../api/config.js';
import { DEVICE_MODELS } from '../domain/models.js';
import {
  defaultSection,
  DEVICE_SECTIONS,
  GATEWAY_SECTIONS,
  isDeviceSection,
  isGatewaySection,
  NameSectionSchema,
  SECTION_NAMES,
  sectionApplies,
  sectionSchemaFor,
} from './sections.js';

describe('configuration sections', () => {
  it('each section is either a project gateway section or a device section, never both', () => {
    for (const s of SECTION_NAMES) expect(isGatewaySection(s) !== isDeviceSection(s)).toBe(true);
    expect([...GATEWAY_SECTIONS, ...DEVICE_SECTIONS].sort()).toEqual([...SECTION_NAMES].sort());
  });

  it('the API names the same sections as the engine (the endpoint declarations do not load the schemas)', () => {
    expect([...CONFIG_SECTIONS]).toEqual([...SECTION_NAMES]);
    expect([...GATEWAY_CONFIG_SECTIONS]).toEqual([...GATEWAY_SECTIONS]);
    expect([...DEVICE_CONFIG_SECTIONS]).toEqual([...DEVICE_SECTIONS]);
  });

  it('the name section takes a name by the spec’s name rule and refuses an empty one or one with spaces', () => {
    expect(NameSectionSchema.safeParse({ name: 'Lobby-AP' }).success).toBe(true);
    expect(NameSectionSchema.safeParse({ name: '' }).success).toBe(false);
    expect(NameSectionSchema.safeParse({}).success).toBe(false);
    expect(NameSectionSchema.safeParse({ name: 'Lobby AP' }).success).toBe(false);
  });

  it('a section exists only on the devices it belongs to: gateway sections on routers (not DHCP on a wireless router), switch sections on switches, PoE where there are PoE ports', () => {
    const model = (m: string) => DEVICE_MODELS.find((x) => x.model === m)!;
    expect(sectionApplies('vlan', { type: 'router', model: model('AL-GW1200') })).toBe(true);
    expect(sectionApplies('dhcp', { type: 'wrouter', model: model('AL-WR1800') })).toBe(false);
    expect(sectionApplies('wan', { type: 'switch', model: model('AL-SW1024P') })).toBe(false);
    expect(sectionApplies('switch-vlan', { type: 'switch', model: model('AL-SW1008P') })).toBe(true);
    expect(sectionApplies('switch-vlan', { type: 'ap', model: model('AL-AP620') })).toBe(false);
    expect(sectionApplies('name', { type: 'ipc', model: model('AL-IPC410') })).toBe(true);
  });

  it('every section a model has starts from factory settings its own schema accepts', () => {
    for (const model of DEVICE_MODELS) {
      for (const section of SECTION_NAMES) {
        if (!sectionApplies(section, { type: model.type, model })) continue;
        const body = defaultSection(section, model, 'Lobby-AP');
        const result = sectionSchemaFor(section, { type: model.type, model, lanIp: '192.168.1.1' }).safeParse(body);
        expect({ model: model.model, section, issues: result.error?.issues ?? [] }).toEqual({ model: model.model, section, issues: [] });
      }
    }
  });
});
