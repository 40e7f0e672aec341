// One chart of the statistics pages: a card with its title, a sentence per series (latest, average,
// peak), the echarts line chart and the figures as a table on demand (the chart's text alternative).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { StatWindow } from '@airloom/contracts';
import { Card, EmptyState, VisuallyHidden } from '@airloom/shared-ui';
import { EChart, type ChartOption } from './EChart';
import { formatTime, formatValue } from './format';

export interface ChartSeries {
  name: string;
  points: readonly (readonly [number, number])[];
}

const Summary = styled.ul`
  margin: 0 0 8px;
  padding: 0;
  list-style: none;
  font-size: 0.875rem;
`;

const Scroll = styled.div`
  max-height: 280px;
  overflow: auto;
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: 0.8125rem;
  }
  th,
  td {
    text-align: left;
    padding: 2px 8px;
    white-space: nowrap;
  }
`;

/** a time axis that reads well for the window: hours for a day, days for a month */
const AXIS_FORMAT: Record<StatWindow, string> = { '12h': '{HH}:{mm}', '24h': '{HH}:{mm}', '72h': '{dd} {HH}:{mm}', '7d': '{MMM} {d}', '30d': '{MMM} {d}' };

export function summarise(series: ChartSeries) {
  const values = series.points.map(([, v]) => v);
  if (!values.length) return null;
  return { latest: values[values.length - 1]!, average: values.reduce((s, v) => s + v, 0) / values.length, peak: Math.max(...values) };
}

export function lineOption(series: readonly ChartSeries[], unit: string, window: StatWindow, area = false): ChartOption {
  return {
    animation: false,
    grid: { left: 8, right: 16, top: series.length > 1 ? 32 : 12, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatValue(Number(v), unit) },
    legend: series.length > 1 ? { top: 0, type: 'scroll' } : undefined,
    xAxis: { type: 'time', axisLabel: { formatter: AXIS_FORMAT[window], hideOverlap: true } },
    yAxis: { type: 'value', scale: unit === 'dBm', axisLabel: { formatter: (v: number) => formatValue(v, unit) } },
    series: series.map((s) => ({
      name: s.name,
      type: 'line',
      showSymbol: false,
      sampling: 'lttb',
      ...(area ? { areaStyle: { opacity: 0.15 } } : {}),
      data: s.points,
    })),
  };
}

export interface ChartPanelProps {
  title: string;
  unit: string;
  window: StatWindow;
  series: readonly ChartSeries[];
  area?: boolean;
}

export function ChartPanel({ title, unit, window, series, area }: ChartPanelProps) {
  const { t } = useTranslation('data');
  const [showTable, setShowTable] = useState(false);
  const drawn = series.filter((s) => s.points.length > 0);
  const option = useMemo(() => lineOption(drawn, unit, window, area), [drawn, unit, window, area]);
  const headingId = `chart-${title.replace(/\W+/g, '-').toLowerCase()}`;
  // one row per time, a column per series (the series of a device share their report times)
  const rows = useMemo(() => {
    if (!showTable) return [];
    const byTime = new Map<number, (number | undefined)[]>();
    drawn.forEach((s, i) => {
      for (const [at, v] of s.points) {
        const row = byTime.get(at) ?? new Array<number | undefined>(drawn.length).fill(undefined);
        row[i] = v;
        byTime.set(at, row);
      }
    });
    return [...byTime.entries()].sort(([a], [b]) => b - a);
  }, [showTable, drawn]);

  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} style={{ fontSize: '1rem', margin: '0 0 8px' }}>{title}</h2>
        {drawn.length === 0 ? (
          <EmptyState title={t('charts.empty')} description={t('charts.emptyHint')} />
        ) : (
          <>
            <Summary>
              {drawn.map((s) => {
                const f = summarise(s)!;
                return (
                  <li key={s.name}>
                    {t('charts.summary', { name: s.name, latest: formatValue(f.latest, unit), average: formatValue(f.average, unit), peak: formatValue(f.peak, unit) })}
                  </li>
                );
              })}
            </Summary>
            <EChart option={option} label={title} />
            <details onToggle={(e) => setShowTable((e.target as HTMLDetailsElement).open)}>
              <summary>{t('charts.showTable')}</summary>
              {showTable && (
                <Scroll>
                  <table>
                    <caption>
                      <VisuallyHidden>{title}</VisuallyHidden>
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('charts.time')}</th>
                        {drawn.map((s) => (
                          <th scope="col" key={s.name}>{s.name}</th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map(([at, values]) => (
                        <tr key={at}>
                          <th scope="row">{formatTime(at)}</th>
                          {values.map((v, i) => (
                            <td key={i}>{v === undefined ? '' : formatValue(v, unit)}</td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </Scroll>
              )}
            </details>
          </>
        )}
      </section>
    </Card>
  );
}
