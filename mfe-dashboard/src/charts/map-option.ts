// A map coloured by activations (the world's countries, a country's regions): one look for both.
import type { ChartOption } from './EChart';
import { wall } from '../features/datascreen/wall';

const numbers = new Intl.NumberFormat('en');

/** `data` names the map's shapes (country or region codes); `label` names a shape for the tooltip;
 * `frame` ([[west, north], [east, south]]) is the part of the map to fit, the whole map without it */
export function choropleth(map: string, data: { name: string; value: number }[], label: (name: string) => string, frame?: [[number, number], [number, number]]): ChartOption {
  const max = Math.max(1, ...data.map((d) => d.value));
  return {
    backgroundColor: 'transparent',
    tooltip: { trigger: 'item', formatter: (p: { name: string; value?: number }) => `${label(p.name)}: ${numbers.format(Number.isFinite(p.value) ? Number(p.value) : 0)}` },
    visualMap: { min: 0, max, show: false, inRange: { color: ['#16324f', wall.accent] } },
    series: [
      {
        type: 'map',
        map,
        roam: false,
        left: 4,
        right: 4,
        top: 4,
        bottom: 4,
        selectedMode: false,
        ...(frame && { boundingCoords: frame }),
        itemStyle: { areaColor: '#1a2540', borderColor: '#2b3a5c' },
        emphasis: { label: { show: false }, itemStyle: { areaColor: '#fbbf24' } },
        data,
      },
    ],
  };
}
