// Trends of the range (spec §1): activations per day by device type and per day by brand, each a
// stacked line with the range's totals listed under it.
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

/** one stacked line per series (a type or a brand), a point each day of the range, 0 where none */
function dayTrendOption(from: string, series: { name: string; key: string }[], points: { day: string; key: string; count: number }[]): ChartOption {
  const days = daysFrom(from);
  const at = new Map(points.map((p) => [`${p.day}/${p.key}`, p.count]));
  return {
    backgroundColor: 'transparent',
    color: wall.series,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: { color: wall.muted } },
    grid: { left: 40, right: 12, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: days, ...axis },
    yAxis: { type: 'value', minInterval: 1, ...axis },
    series: series.map(({ name, key }) => ({
      type: 'line',
      name,
      stack: 'all',
      areaStyle: { opacity: 0.25 },
      showSymbol: false,
      smooth: true,
      data: days.map((d) => at.get(`${d}/${key}`) ?? 0),
    })),
  };
}

export function typeTrendOption(summary: ActivationSummary): ChartOption {
  return dayTrendOption(
    summary.from,
    summary.byType.map((b) => ({ name: DEVICE_TYPE_LABELS[b.type], key: b.type })),
    summary.trend.map((p) => ({ day: p.day, key: p.type, count: p.count })),
  );
}

export function brandTrendOption(summary: ActivationSummary): ChartOption {
  return dayTrendOption(
    summary.from,
    summary.byBrand.map((b) => ({ name: b.brand, key: b.brand })),
    summary.trendBrand.map((p) => ({ day: p.day, key: p.brand, count: p.count })),
  );
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

export function BrandPanel({ summary }: { summary: ActivationSummary }) {
  const { t } = useTranslation('dashboard');
  const option = useMemo(() => brandTrendOption(summary), [summary]);
  const { byBrand } = summary;
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
