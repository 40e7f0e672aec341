import { describe, expect, it } from 'vitest';
import { CONFIG_SECTIONS, DEVICE_CONFIG_SECTIONS, GATEWAY_CONFIG_SECTIONS } from '../api/config.js';
import { DEVICE_MODELS } from '../domain/models.js';
import {
  defaultSection,
  DEVICE_SECTIONS,
  GATEWAY_SECTIONS,
  isDeviceSection,
  isGatewaySection,
  isWirelessProjectSection,
  WIRELESS_PROJECT_SECTIONS,
  NameSectionSchema,
  SECTION_NAMES,
  sectionApplies,
  sectionSchemaFor,
} from './sections.js';

describe('configuration sections', () => {
  it('each section is exactly one of: a project gateway section, a device section, a project wireless section', () => {
    for (const s of SECTION_NAMES) expect([isGatewaySection(s), isDeviceSection(s), isWirelessProjectSection(s)].filter(Boolean)).toHaveLength(1);
    expect([...GATEWAY_SECTIONS, ...DEVICE_SECTIONS, ...WIRELESS_PROJECT_SECTIONS].sort()).toEqual([...SECTION_NAMES].sort());
  });

  it('the API names the same sections as the engine (the endpoint declarations do not load the schemas)', () => {
    expect([...CONFIG_SECTIONS]).toEqual([...SECTION_NAMES]);
    expect([...GATEWAY_CONFIG_SECTIONS]).toEqual([...GATEWAY_SECTIONS]);
    // the blacklist's section is written by its own endpoints (api/clients.ts: the 100 cap, code 156)
    expect([...DEVICE_CONFIG_SECTIONS]).toEqual(DEVICE_SECTIONS.filter((s) => s !== 'wifi-acl'));
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

describe('radio and roaming sections', () => {
  const ap = DEVICE_MODELS.find((x) => x.model === 'AL-AP620')!;
  const cpe = DEVICE_MODELS.find((x) => x.model === 'AL-CPE510')!;
  const facts = { type: ap.type, model: ap, lanIp: '' };
  const radio = (over: Record<string, unknown> = {}) => ({ band: '2.4GHz', channel: 6, widthMhz: 20, txPowerDbm: 20, accessThresholdDbm: -75, ...over });

  it('exist on devices with a Wi-Fi radio only', () => {
    expect(sectionApplies('radio', { type: 'ap', model: ap })).toBe(true);
    expect(sectionApplies('roaming', { type: 'cpe', model: cpe })).toBe(true);
    expect(sectionApplies('radio', { type: 'switch', model: DEVICE_MODELS.find((x) => x.model === 'AL-SW1008P')! })).toBe(false);
  });

  it.each([
    ['a valid radio', radio(), true],
    ['transmit power 8 and 29 dBm (spec §5)', radio({ txPowerDbm: 29 }), true],
    ['transmit power 7 dBm', radio({ txPowerDbm: 7 }), false],
    ['transmit power 30 dBm', radio({ txPowerDbm: 30 }), false],
    ['transmit power 20.5 dBm', radio({ txPowerDbm: 20.5 }), false],
    ['access threshold −60', radio({ accessThresholdDbm: -60 }), true],
    ['access threshold −59', radio({ accessThresholdDbm: -59 }), false],
    ['access threshold −91', radio({ accessThresholdDbm: -91 }), false],
    ['channel 14 on 2.4 GHz', radio({ channel: 14 }), false],
    ['channel 36 on 2.4 GHz', radio({ channel: 36 }), false],
    ['80 MHz on 2.4 GHz', radio({ widthMhz: 80 }), false],
    ['80 MHz on 5 GHz channel 149', radio({ band: '5GHz', channel: 149, widthMhz: 80 }), true],
    ['channel 37 on 5 GHz', radio({ band: '5GHz', channel: 37 }), false],
  ])('%s', (_name, body, ok) => {
    expect(sectionSchemaFor('radio', facts).safeParse({ radios: [body] }).success).toBe(ok);
  });

  it('refuses a band the model lacks or the same band twice', () => {
    expect(sectionSchemaFor('radio', { ...facts, type: 'cpe', model: cpe }).safeParse({ radios: [radio()] }).success).toBe(false);
    expect(sectionSchemaFor('radio', facts).safeParse({ radios: [radio(), radio({ channel: 1 })] }).success).toBe(false);
  });

  it('roaming: minimum RSSI within the access threshold range; band steering needs both bands', () => {
    const band = { band: '5GHz', minRssiDbm: -70, k: true, v: true, r: false };
    expect(sectionSchemaFor('roaming', facts).safeParse({ bands: [band], bandSteering: true }).success).toBe(true);
    expect(sectionSchemaFor('roaming', facts).safeParse({ bands: [{ ...band, minRssiDbm: -50 }], bandSteering: false }).success).toBe(false);
    expect(sectionSchemaFor('roaming', { ...facts, type: 'cpe', model: cpe }).safeParse({ bands: [band], bandSteering: true }).success).toBe(false);
  });
});
