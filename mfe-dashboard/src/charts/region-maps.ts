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
  /** the frame to draw, [[west, north], [east, south]]: the country's main land and what lies near
   * it, without far-off overseas parts (France's overseas regions would leave France a dot) */
  focus: [[number, number], [number, number]];
}

type Box = [number, number, number, number];

/** each polygon's bounding box and size (shoelace area of its outer ring) */
function pieces(features: RegionMap['geo']['features']): { box: Box; area: number }[] {
  return features.flatMap((f) => {
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : [];
    return polygons.map((rings) => {
      const ring = rings[0] ?? [];
      const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
      let area = 0;
      ring.forEach(([x, y], i) => {
        box[0] = Math.min(box[0], x!); box[1] = Math.min(box[1], y!); box[2] = Math.max(box[2], x!); box[3] = Math.max(box[3], y!);
        const [nx, ny] = ring[(i + 1) % ring.length]!;
        area += x! * ny! - nx! * y!;
      });
      return { box, area: Math.abs(area) };
    });
  });
}

/** Grows from the largest polygon: takes in every polygon within half the frame's size (5° at least)
 * of the frame, until none is left that near; what stays out is far away (another ocean). */
export function focusOf(features: RegionMap['geo']['features']): RegionMap['focus'] {
  const left = pieces(features);
  if (left.length === 0) return [[-180, 90], [180, -90]];
  left.sort((a, b) => b.area - a.area);
  let box = left.shift()!.box;
  for (let grew = true; grew; ) {
    grew = false;
    const padX = Math.max((box[2] - box[0]) / 2, 5);
    const padY = Math.max((box[3] - box[1]) / 2, 5);
    for (let i = left.length - 1; i >= 0; i--) {
      const p = left[i]!.box;
      if (p[2] >= box[0] - padX && p[0] <= box[2] + padX && p[3] >= box[1] - padY && p[1] <= box[3] + padY) {
        box = [Math.min(box[0], p[0]), Math.min(box[1], p[1]), Math.max(box[2], p[2]), Math.max(box[3], p[3])];
        left.splice(i, 1);
        grew = true;
      }
    }
  }
  return [[box[0], box[3]], [box[2], box[1]]];
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
  return { geo: { type: 'FeatureCollection', features }, names, focus: focusOf(features) };
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
