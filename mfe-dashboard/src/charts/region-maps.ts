// A country's region map (docs/decisions/datascreen.md): the TopoJSON file the build step cut from
// Natural Earth's admin-1 polygons (scripts/region-maps.mjs), fetched from the remote's own files
// only when a region map is drawn — one small chunk per country, never the network's.
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

type RegionTopology = Topology<{ regions: GeometryCollection<{ name: string }> }>;
type Position = number[];

export interface RegionMap {
  /** the regions as GeoJSON, each named by its code: the API's `state` */
  geo: { type: 'FeatureCollection'; features: GeoJSON.Feature<GeoJSON.Geometry, { name: string }>[] };
  /** code → the region's English name */
  names: Record<string, string>;
}

const eastward = (rings: Position[][]) => rings.map((ring) => ring.map(([lon, lat]) => [lon! < 0 ? lon! + 360 : lon!, lat!]));
/** a geometry drawn east of the 180° meridian, not as stripes across the map */
export function unwrap(geometry: GeoJSON.Geometry): GeoJSON.Geometry {
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: eastward(geometry.coordinates) };
  if (geometry.type === 'MultiPolygon') return { ...geometry, coordinates: geometry.coordinates.map(eastward) };
  return geometry;
}
/** a country with land on both sides of the 180° meridian (Russia, Alaska's islands, Fiji) */
function crosses180(topology: RegionTopology): boolean {
  const [west, , east] = topology.bbox ?? [0, 0, 0, 0];
  return west! < -170 && east! > 170;
}

/** The build step's topology as a map: named by code, drawn east of 180° where it crosses it. */
export function toRegionMap(topology: RegionTopology): RegionMap {
  const across = crosses180(topology);
  const names: Record<string, string> = {};
  const features = feature(topology, topology.objects.regions).features.map((f) => {
    const code = String(f.id);
    names[code] = f.properties.name;
    return { type: 'Feature' as const, geometry: across ? unwrap(f.geometry) : f.geometry, properties: { name: code } };
  });
  return { geo: { type: 'FeatureCollection', features }, names };
}

const loaded = new Map<string, Promise<RegionMap | null>>();

/** The region map of a country (ISO 3166-1 alpha-2), or null when there is none for it. */
export function loadRegionMap(country: string): Promise<RegionMap | null> {
  if (!/^[A-Z]{2}$/.test(country)) return Promise.resolve(null);
  let map = loaded.get(country);
  if (!map) {
    map = import(`../../generated/regions/${country}.json`).then(
      (m: { default: RegionTopology }) => toRegionMap(m.default),
      () => null,
    );
    loaded.set(country, map);
  }
  return map;
}
