// The parts of echarts the data screen draws with, and the maps it draws on (world-atlas's Natural
// Earth countries, and each country's regions made at build time: nothing is fetched from the
// network). This module is loaded with import() by the chart component only, so echarts stays out
// of the shell's and the remote's first chunks (ARCHITECTURE §3 heavy libraries).
import * as echarts from 'echarts/core';
import { BarChart, LineChart, MapChart, PieChart } from 'echarts/charts';
import { GeoComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { whereNumeric } from 'iso-3166-1';
import world110 from 'world-atlas/countries-110m.json';
import { loadRegionMap, unwrap } from './region-maps';

echarts.use([BarChart, LineChart, MapChart, PieChart, GeoComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

type Countries = Topology<{ countries: GeometryCollection<{ name: string }> }>;

/** countries whose polygons cross the 180° meridian: drawn east of it, not as stripes across the map */
const ACROSS_180 = new Set(['RU', 'FJ']);
/** The atlas's countries as GeoJSON, each named by its ISO 3166-1 alpha-2 code (the API's). */
function countriesOf(topology: Countries) {
  const collection = feature(topology, topology.objects.countries);
  const features = collection.features.flatMap((f) => {
    const code = f.id === undefined ? undefined : whereNumeric(String(f.id))?.alpha2;
    // Antarctica has no activations and would take a fifth of the map
    if (!code || code === 'AQ') return [];
    return [{ ...f, geometry: ACROSS_180.has(code) ? unwrap(f.geometry) : f.geometry, properties: { name: code } }];
  });
  return { type: 'FeatureCollection' as const, features };
}

/** `world` (110m) at once; `regions:<code>` (a country's regions) when first asked. */
export async function ensureMap(name: string): Promise<void> {
  if (echarts.getMap(name)) return;
  const regions = /^regions:([A-Z]{2})$/.exec(name);
  if (regions) {
    const map = await loadRegionMap(regions[1]!);
    if (map) echarts.registerMap(name, map.geo as never);
    return;
  }
  if (name === 'world') echarts.registerMap('world', countriesOf(world110 as unknown as Countries) as never);
}

export { echarts };
