// Trends of the range (spec §1): activations per day by device type, and by brand.
import { useMemo } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { DEVICE_TYPE_LABELS, type ActivationSummary } from '@airloom/contracts';
import { EChart, type ChartOption } from '../../charts/EChart';
import { count } from './format';
import { Muted, Panel, wall } from './wall';

const Totals = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  color: ${wall.muted};
  strong { color: ${wall.text}; font-variant-numeric: tabular-nums; }
`;

const axis = { axisLine: { lineStyle: { color: wall.border } }, axisLabel: { color: wall.muted }, splitLine: { lineStyle: { color: wall.border } } };

/** every day from `from` to today (UTC), so days without activations show as 0 */
export function daysFrom(from: string, today = new Date()): string[] {
  const days: string[] = [];
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

export function typeTrendOption(summary: ActivationSummary): ChartOption {
  const days = daysFrom(summary.from);
  const types = summary.byType.map((b) => b.type);
  const at = new Map(summary.trend.map((p) => [`${p.day}/${p.type}`, p.count]));
  return {
    backgroundColor: 'transparent',
    color: wall.series,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: { color: wall.muted } },
    grid: { left: 40, right: 12, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: days, ...axis },
    yAxis: { type: 'value', minInterval: 1, ...axis },
    series: types.map((type) => ({
      type: 'line',
      name: DEVICE_TYPE_LABELS[type],
      stack: 'all',
      areaStyle: { opacity: 0.25 },
      showSymbol: false,
      smooth: true,
      data: days.map((d) => at.get(`${d}/${type}`) ?? 0),
    })),
  };
}

export function TypeTrendPanel({ summary }: { summary: ActivationSummary }) {
  const { t } = useTranslation('dashboard');
  const option = useMemo(() => typeTrendOption(summary), [summary]);
  return (
    <Panel aria-labelledby="type-title">
      <h2 id="type-title">{t('trend.byType')}</h2>
      {summary.byType.length === 0 ? (
        <Muted>{t('trend.empty')}</Muted>
      ) : (
        <>
          <EChart option={option} label={t('trend.byType')} />
          <Totals aria-label={t('trend.byType')}>
            {summary.byType.map((b) => (
              <li key={b.type}>
                {DEVICE_TYPE_LABELS[b.type]} <strong>{count(b.count)}</strong>
              </li>
            ))}
          </Totals>
        </>
      )}
    </Panel>
  );
}

export function BrandPanel({ byBrand }: { byBrand: ActivationSummary['byBrand'] }) {
  const { t } = useTranslation('dashboard');
  const option = useMemo<ChartOption>(
    () => ({
      backgroundColor: 'transparent',
      color: wall.series,
      tooltip: { trigger: 'item' },
      series: [{ type: 'pie', radius: ['45%', '75%'], label: { color: wall.text }, data: byBrand.map((b) => ({ name: b.brand, value: b.count })) }],
    }),
    [byBrand],
  );
  return (
    <Panel aria-labelledby="brand-title">
      <h2 id="brand-title">{t('trend.byBrand')}</h2>
      {byBrand.length === 0 ? (
        <Muted>{t('trend.empty')}</Muted>
      ) : (
        <>
          <EChart option={option} label={t('trend.byBrand')} />
          <Totals aria-label={t('trend.byBrand')}>
            {byBrand.map((b) => (
              <li key={b.brand}>
                {b.brand} <strong>{count(b.count)}</strong>
              </li>
            ))}
          </Totals>
        </>
      )}
    </Panel>
  );
}
