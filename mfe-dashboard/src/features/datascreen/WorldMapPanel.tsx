// World map of activations in the range (echarts map series over world-atlas). Clicking a country
// compares it (at most 5, spec §9).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivationSummary } from '@airloom/contracts';
import { EChart, type ChartOption } from '../../charts/EChart';
import { count, countryName } from './format';
import { Muted, Panel, wall } from './wall';

export function mapOption(map: string, countries: ActivationSummary['countries']): ChartOption {
  const known = countries.filter((c) => c.country !== '');
  const max = Math.max(1, ...known.map((c) => c.count));
  return {
    backgroundColor: 'transparent',
    tooltip: { trigger: 'item', formatter: (p: { name: string; value?: number }) => `${countryName(p.name)}: ${count(Number.isFinite(p.value) ? Number(p.value) : 0)}` },
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
        itemStyle: { areaColor: '#1a2540', borderColor: '#2b3a5c' },
        emphasis: { label: { show: false }, itemStyle: { areaColor: '#fbbf24' } },
        data: known.map((c) => ({ name: c.country, value: c.count })),
      },
    ],
  };
}

export function WorldMapPanel({ countries, onPick }: { countries: ActivationSummary['countries']; onPick(code: string): void }) {
  const { t } = useTranslation('dashboard');
  const option = useMemo(() => mapOption('world', countries), [countries]);
  const known = countries.filter((c) => c.country !== '');
  const leader = known[0];
  return (
    <Panel aria-labelledby="world-title">
      <h2 id="world-title">{t('world.label')}</h2>
      {known.length === 0 ? <Muted>{t('world.empty')}</Muted> : <EChart option={option} map="world" label={t('world.label')} height="340px" onItemClick={onPick} />}
      {leader && <Muted>{t('world.caption', { count: known.length, country: countryName(leader.country), most: count(leader.count) })}</Muted>}
    </Panel>
  );
}
