// Configuration sections (ARCHITECTURE §7): desired configuration is stored per project or per
// device as one versioned document per section. A section's body is a zod schema registered here;
// the form, the API and the stored document validate with the same schema.
//
// Adding a section: write its schema in `contracts/src/config/<section>.ts` and add one line to
// SECTION_SCHEMAS below. Its renderer is registered with one line in gateway/src/config/renderers.ts.
import { z } from 'zod';
import { name } from '../rules/names.js';

/** every section the engine knows, in the order pages list them */
export const SECTION_NAMES = [
  'name',
  'wan',
  'vlan',
  'dhcp',
  'routes',
  'portmap',
  'mgmt-ip',
  'switch-ports',
  'switch-vlan',
  'switch-dhcp',
  'poe',
] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** sections held per project and applied to the project's gateway device (at most one per project) */
export const GATEWAY_SECTIONS = ['wan', 'vlan', 'dhcp', 'routes', 'portmap'] as const satisfies readonly SectionName[];
export type GatewaySectionName = (typeof GATEWAY_SECTIONS)[number];

/** sections held per device */
export const DEVICE_SECTIONS = ['name', 'mgmt-ip', 'switch-ports', 'switch-vlan', 'switch-dhcp', 'poe'] as const satisfies readonly SectionName[];
export type DeviceSectionName = (typeof DEVICE_SECTIONS)[number];

/** sections whose change can cut a device off the cloud: sent with a rollback timer (safe apply) */
export const SAFE_APPLY_SECTIONS: readonly SectionName[] = ['wan', 'mgmt-ip', 'switch-vlan'];

export const SectionNameSchema = z.enum(SECTION_NAMES);
export const GatewaySectionNameSchema = z.enum(GATEWAY_SECTIONS);
export const DeviceSectionNameSchema = z.enum(DEVICE_SECTIONS);

export function isGatewaySection(section: string): section is GatewaySectionName {
  return (GATEWAY_SECTIONS as readonly string[]).includes(section);
}

export function isDeviceSection(section: string): section is DeviceSectionName {
  return (DEVICE_SECTIONS as readonly string[]).includes(section);
}

/** `name`: the device's name, by the spec's name rule */
export const NameSectionSchema = z.object({ name });
export type NameSection = z.output<typeof NameSectionSchema>;

/**
 * section name → body schema. A section without an entry is not built yet: the API refuses it and
 * no page offers it.
 */
export const SECTION_SCHEMAS: Partial<Record<SectionName, z.ZodType>> = {
  name: NameSectionSchema,
};

/** the registered schema of a section, or undefined while that section is not built */
export function sectionSchema(section: SectionName): z.ZodType | undefined {
  return SECTION_SCHEMAS[section];
}
