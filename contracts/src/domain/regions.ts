// The regions (states, provinces) of a country as the data screen's region map draws them and the
// offline GeoIP database names an activation's `state` (docs/decisions/datascreen.md).
import { REGION_CODES } from './region-codes.js';

export { REGION_CODES };

/** the region codes of a country's map, sorted; empty for a country without one */
export function regionsOf(country: string): string[] {
  return REGION_CODES[country]?.split(' ') ?? [];
}

/** whether an activation placed in this country and state is a region drawn on the map */
export function hasRegionShape(country: string, state: string): boolean {
  return state !== '' && regionsOf(country).includes(state);
}
