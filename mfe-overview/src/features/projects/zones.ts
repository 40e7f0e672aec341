// The time-zone choices of a project (spec §3 zone; docs/decisions/accounts-projects.md): named IANA
// zones with today's offset (they follow DST), then the spec's fixed offsets.
import { isNamedZone, namedZones, offsetLabel, TIME_ZONES, zoneOffsetMinutes } from '@airloom/contracts';
import type { SelectOption } from '@airloom/shared-ui';

/** 'Europe/Lisbon (UTC+0)' (offset of today), '+5.75' → 'UTC+5:45 (fixed)'. */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  const minutes = zoneOffsetMinutes(zone, at);
  if (minutes === null) return zone;
  return isNamedZone(zone) ? `${zone.replace(/_/g, ' ')} (${offsetLabel(minutes)})` : `${offsetLabel(minutes)} (fixed)`;
}

/** Every zone to choose from; `current` is kept even if this browser does not list it. */
export function zoneOptions(current?: string): SelectOption[] {
  const named = namedZones();
  const zones = [...named, ...TIME_ZONES];
  if (current && !zones.includes(current)) zones.unshift(current);
  return zones.map((zone) => ({ value: zone, label: zoneLabel(zone) }));
}
