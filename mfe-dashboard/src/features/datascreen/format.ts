// How the data screen names places and numbers: English country names from the browser's own
// ISO 3166 table (Intl), an empty code is "Unknown" (the API's unknown place).
import { i18n } from '@airloom/shared-ui';

const names = typeof Intl !== 'undefined' && 'DisplayNames' in Intl ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

export function countryName(code: string): string {
  if (!code) return i18n.t('dashboard.place.unknown');
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** a region: its name, or else its subdivision code, and country (`England, United Kingdom`,
 * `ENG, United Kingdom`), or the country alone */
export function placeName(country: string, state: string, stateName?: string): string {
  if (!country) return i18n.t('dashboard.place.unknown');
  return state ? `${stateName ?? state}, ${countryName(country)}` : countryName(country);
}

const numbers = new Intl.NumberFormat('en');
export const count = (n: number) => numbers.format(n);
