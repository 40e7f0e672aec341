// World map of activations in the range (echarts map series over world-atlas). Clicking a country
// compares it (at most 5, spec §9).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivationSummary } from '@airloom/contracts';
import { EChart, type ChartOption } from '../../charts/EChart';
import { choropleth } from '../../charts/map-option';
import { count, countryName } from './format';
import { Muted, Panel } from './wall';

export function mapOption(map: string, countries: ActivationSummary['countries']): ChartOption {
  const known = countries.filter((c) => c.country !== '');
  return choropleth(map, known.map((c) => ({ name: c.country, value: c.count })), countryName);
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
