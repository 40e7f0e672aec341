// Which region of the GeoIP database a Natural Earth admin-1 unit belongs to. fast-geoip names the
// first-level subdivision by its ISO 3166-2 code without the country (`CA`, `IDF`, `25`, `ENG`);
// Natural Earth cuts some countries finer (French departments, Italian, Spanish and Philippine
// provinces, British and Irish counties, Belgian provinces, Hong Kong's districts by a private code),
// so those are gathered into the level GeoLite2 uses, and keeps some codes ISO 3166-2 has replaced.
// Everything else is its own ISO 3166-2 code.

const GB = { England: 'ENG', Scotland: 'SCT', Wales: 'WLS', 'Northern Ireland': 'NIR' };
const BE = { Flemish: ['VLG', 'Flemish Region'], Walloon: ['WAL', 'Walloon Region'], 'Capital Region': ['BRU', 'Brussels-Capital Region'] };
/** ISO 3166-2:HK districts by their English name */
const HK = {
  'Central and Western': 'HCW', Eastern: 'HEA', Southern: 'HSO', 'Wan Chai': 'HWC', 'Kowloon City': 'KKC', 'Kwun Tong': 'KKT',
  'Sham Shui Po': 'KSS', 'Wong Tai Sin': 'KWT', 'Yau Tsim Mong': 'KYT', Islands: 'NIS', 'Kwai Tsing': 'NKT', North: 'NNO',
  'Sai Kung': 'NSK', 'Sha Tin': 'NST', 'Tai Po': 'NTP', 'Tsuen Wan': 'NTW', 'Tuen Mun': 'NTM', 'Yuen Long': 'NYL',
};
/** Irish counties by province, the level GeoLite2 names */
const IE = { L: ['Leinster', 'D CW KE KK LS LD LH MH OY WH WX WW'], M: ['Munster', 'CE CO KY LK TA WD'], C: ['Connacht', 'G LM MO RN SO'], U: ['Ulster', 'CN DL MN'] };
/** Natural Earth codes that ISO 3166-2 (and so GeoLite2) has since replaced: country → { old: new } */
const RENAMED = {
  ZA: { GT: 'GP', NL: 'KZN' },
  MX: { DIF: 'CMX' },
  TW: { TPQ: 'NWT' },
  GR: { A1: 'I' },
  FR: { COR: '20R' },
  ES: { MU: 'MC', NA: 'NC', LO: 'RI', PM: 'IB' },
  // Poland's and Czechia's letter codes became numbers
  PL: { DS: '02', KP: '04', LU: '06', LB: '08', LD: '10', MA: '12', MZ: '14', OP: '16', PK: '18', PD: '20', PM: '22', SL: '24', SK: '26', WN: '28', WP: '30', ZP: '32' },
  CZ: { PR: '10', ST: '20', JC: '31', PL: '32', KA: '41', US: '42', LI: '51', KR: '52', PA: '53', VY: '63', JM: '64', OL: '71', ZL: '72', MO: '80' },
};

const tail = (code) => (typeof code === 'string' ? code.replace(/^[A-Z]{2}[-.]/, '') : '');
const isCode = (code) => /^[A-Z0-9]{1,3}$/.test(code);

/**
 * @param {Record<string, unknown>} p a Natural Earth admin-1 feature's properties
 * @returns {{ country: string, code: string, name: string } | undefined} undefined for a unit no
 *   GeoIP record can name (islands with Natural Earth's private `X01~` codes)
 */
export function regionKey(p) {
  const country = String(p.iso_a2 ?? '');
  if (!/^[A-Z]{2}$/.test(country)) return undefined;
  const own = String(p.name_en || p.name || '');
  let code = tail(p.iso_3166_2);
  let name = own;
  if (country === 'FR' || country === 'IT' || country === 'ES' || country === 'PH') {
    code = tail(p.region_cod);
    name = String(p.region || own);
  } else if (country === 'GB') {
    code = GB[p.geonunit] ?? '';
    name = String(p.geonunit);
  } else if (country === 'BE') {
    [code, name] = BE[p.region] ?? ['', own];
  } else if (country === 'IE') {
    const province = Object.entries(IE).find(([, [, counties]]) => counties.split(' ').includes(code));
    [code, name] = province ? [province[0], province[1][0]] : ['', own];
  } else if (country === 'CO' && p.name === 'Bogota') {
    // the capital district, inside Cundinamarca's code in Natural Earth
    [code, name] = ['DC', 'Bogotá'];
  } else if (country === 'HK') {
    // Natural Earth's English names add "District"; its `name` is the ISO one
    name = String(p.name);
    code = HK[name] ?? '';
  }
  code = RENAMED[country]?.[code] ?? code;
  return isCode(code) ? { country, code, name } : undefined;
}
