import { describe, expect, it } from 'vitest';
import { DEVICE_SECTIONS, GATEWAY_SECTIONS, isDeviceSection, isGatewaySection, SECTION_NAMES, SECTION_SCHEMAS, NameSectionSchema } from './sections.js';

describe('configuration sections', () => {
  it('each section is either a project gateway section or a device section, never both', () => {
    for (const s of SECTION_NAMES) expect(isGatewaySection(s) !== isDeviceSection(s)).toBe(true);
    expect([...GATEWAY_SECTIONS, ...DEVICE_SECTIONS].sort()).toEqual([...SECTION_NAMES].sort());
  });

  it('the name section takes a name by the spec’s name rule and refuses an empty one or one with spaces', () => {
    expect(NameSectionSchema.safeParse({ name: 'Lobby-AP' }).success).toBe(true);
    expect(NameSectionSchema.safeParse({ name: '' }).success).toBe(false);
    expect(NameSectionSchema.safeParse({}).success).toBe(false);
    expect(NameSectionSchema.safeParse({ name: 'Lobby AP' }).success).toBe(false);
    expect(SECTION_SCHEMAS.name).toBe(NameSectionSchema);
  });
});
