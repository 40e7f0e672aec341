// The region maps the build step made, and how a Natural Earth unit is matched to the region the
// GeoIP database names: what decides whether an activation lands on a coloured shape.
import { REGION_CODES, regionsOf } from '@airloom/contracts/regions';
import { describe, expect, it } from 'vitest';
import { regionKey } from '../../scripts/region-key.mjs';
import index from '../../generated/regions/index.json';
import { loadRegionMap } from './region-maps';

describe('matching a Natural Earth unit to its GeoIP region', () => {
  it('gathers finer units into the level GeoLite2 uses', () => {
    // a French department, an Italian and a Spanish province, an English county, a Belgian province
    expect(regionKey({ iso_a2: 'FR', iso_3166_2: 'FR-75', name: 'Paris', region_cod: 'FR-IDF', region: 'Île-de-France' })).toEqual({ country: 'FR', code: 'IDF', name: 'Île-de-France' });
    expect(regionKey({ iso_a2: 'IT', iso_3166_2: 'IT-MI', name: 'Milano', region_cod: 'IT-25', region: 'Lombardia' })).toEqual({ country: 'IT', code: '25', name: 'Lombardia' });
    expect(regionKey({ iso_a2: 'ES', iso_3166_2: 'ES-V', name: 'Valencia', region_cod: 'ES.VC', region: 'Valenciana' })).toEqual({ country: 'ES', code: 'VC', name: 'Valenciana' });
    expect(regionKey({ iso_a2: 'GB', iso_3166_2: 'GB-NTH', name: 'Northamptonshire', geonunit: 'England' })).toEqual({ country: 'GB', code: 'ENG', name: 'England' });
    expect(regionKey({ iso_a2: 'BE', iso_3166_2: 'BE-VAN', name: 'Antwerp', region: 'Flemish' })).toEqual({ country: 'BE', code: 'VLG', name: 'Flemish Region' });
  });

  it("takes the ISO 3166-2 code elsewhere, today's where Natural Earth keeps an old one", () => {
    expect(regionKey({ iso_a2: 'US', iso_3166_2: 'US-CA', name: 'California' })?.code).toBe('CA');
    expect(regionKey({ iso_a2: 'KR', iso_3166_2: 'KR-11', name: 'Seoul' })?.code).toBe('11');
    expect(regionKey({ iso_a2: 'ZA', iso_3166_2: 'ZA-GT', name: 'Gauteng' })?.code).toBe('GP');
    expect(regionKey({ iso_a2: 'PL', iso_3166_2: 'PL-SL', name: 'Silesian' })?.code).toBe('24');
    expect(regionKey({ iso_a2: 'ES', iso_3166_2: 'ES-PM', name: 'Baleares', region_cod: 'ES.PM', region: 'Islas Baleares' })?.code).toBe('IB');
    // an Irish county in its province; Bogotá out of Cundinamarca
    expect(regionKey({ iso_a2: 'IE', iso_3166_2: 'IE-KY', name: 'Kerry' })).toEqual({ country: 'IE', code: 'M', name: 'Munster' });
    expect(regionKey({ iso_a2: 'CO', iso_3166_2: 'CO-CUN', name: 'Bogota' })).toEqual({ country: 'CO', code: 'DC', name: 'Bogotá' });
    expect(regionKey({ iso_a2: 'HK', iso_3166_2: 'HK-X01~', name: 'Central and Western', name_en: 'Central and Western District' })).toEqual({ country: 'HK', code: 'HCW', name: 'Central and Western' });
  });

  it('leaves out what no GeoIP record can name', () => {
    expect(regionKey({ iso_a2: 'AU', iso_3166_2: 'AU-X02~', name: 'Jervis Bay Territory' })).toBeUndefined();
    expect(regionKey({ iso_a2: '-99', iso_3166_2: '-99-X15~', name: 'Ashmore and Cartier Islands' })).toBeUndefined();
  });
});

describe('the region maps', () => {
  it('are the regions the server counts: the catalogue in contracts is the maps, none missing, none more', () => {
    expect(Object.fromEntries(Object.entries(REGION_CODES).map(([c, codes]) => [c, codes.split(' ')]))).toEqual(index);
  });

  it("load a country's regions named by code, with their English names", async () => {
    const gb = (await loadRegionMap('GB'))!;
    expect(gb.geo.features.map((f) => f.properties.name).sort()).toEqual(regionsOf('GB'));
    expect(gb.names).toEqual({ ENG: 'England', NIR: 'Northern Ireland', SCT: 'Scotland', WLS: 'Wales' });
    const fr = (await loadRegionMap('FR'))!;
    expect(fr.names.IDF).toBe('Île-de-France');
    expect(fr.geo.features.every((f) => f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon')).toBe(true);
  });

  it('draw a country across the 180° meridian in one piece (Alaska with its islands)', async () => {
    const us = (await loadRegionMap('US'))!;
    const alaska = us.geo.features.find((f) => f.properties.name === 'AK')!;
    const lons = JSON.stringify(alaska.geometry).match(/-?\d+(\.\d+)?(?=,-?\d)/g)!.map(Number);
    expect(Math.min(...lons)).toBeGreaterThan(0);
  });

  it("frame a country's main land and what lies near it, not its far-off overseas parts", async () => {
    // metropolitan France with Corsica; French Guiana, Réunion and the Antilles outside the frame
    const [[west, north], [east, south]] = (await loadRegionMap('FR'))!.focus;
    expect(west).toBeGreaterThan(-6);
    expect(east).toBeGreaterThan(9.4);
    expect(east).toBeLessThan(10);
    expect(north).toBeLessThan(52);
    expect(south).toBeGreaterThan(41);
    // the United States with Alaska and Hawaii (drawn east of 180°)
    const [[usWest, usNorth], [usEast, usSouth]] = (await loadRegionMap('US'))!.focus;
    expect(usWest).toBeLessThan(190);
    expect(usEast).toBeGreaterThan(290);
    expect(usNorth).toBeGreaterThan(70);
    expect(usSouth).toBeLessThan(20);
  });

  it('are none for a country without regions or a code that is no country', async () => {
    expect(await loadRegionMap('VA')).toBeNull();
    expect(await loadRegionMap('../x')).toBeNull();
  });
});
