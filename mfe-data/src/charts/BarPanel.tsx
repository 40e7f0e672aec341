// A ranking or a distribution of the statistics pages: a card with its title, a horizontal bar chart
// and the same figures as a table beside it (a handful of rows: the table is always shown).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Card, EmptyState } from '@airloom/shared-ui';
import { EChart, type ChartOption } from './EChart';
import { formatValue } from './format';

export interface Bar {
  label: string;
  /** a second line in the table (the device's serial number) */
  detail?: string;
  value: number;
}

const Figures = styled.table`
  border-collapse: collapse;
  width: 100%;
  font-size: 0.875rem;
  th,
  td {
    text-align: left;
    padding: 2px 8px;
  }
  td:last-child {
    text-align: right;
    white-space: nowrap;
  }
`;

export function barOption(bars: readonly Bar[], unit: string): ChartOption {
  // the first row on top
  const shown = [...bars].reverse();
  return {
    animation: false,
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => formatValue(Number(v), unit) },
    xAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatValue(v, unit), hideOverlap: true } },
    yAxis: { type: 'category', data: shown.map((b) => b.label), axisLabel: { width: 110, overflow: 'truncate' } },
    series: [{ type: 'bar', data: shown.map((b) => b.value), barMaxWidth: 22 }],
  };
}

export interface BarPanelProps {
  title: string;
  unit: string;
  bars: readonly Bar[];
  /** the table's column headings: what a row is, and its figure */
  columns: [string, string];
  empty: string;
}

export function BarPanel({ title, unit, bars, columns, empty }: BarPanelProps) {
  const { t } = useTranslation('data');
  const option = useMemo(() => barOption(bars, unit), [bars, unit]);
  const headingId = `bars-${title.replace(/\W+/g, '-').toLowerCase()}`;
  const nothing = bars.length === 0 || bars.every((b) => b.value === 0);
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} style={{ fontSize: '1rem', margin: '0 0 8px' }}>{title}</h2>
        {nothing ? (
          <EmptyState title={empty} description={t('charts.emptyHint')} />
        ) : (
          <>
            <EChart option={option} label={title} height={`${Math.max(160, bars.length * 36 + 40)}px`} />
            <Figures>
              <thead>
                <tr>
                  <th scope="col">{columns[0]}</th>
                  <th scope="col">{columns[1]}</th>
                </tr>
              </thead>
              <tbody>
                {bars.map((b) => (
                  <tr key={`${b.label}|${b.detail ?? ''}`}>
                    <th scope="row">
                      {b.label}
                      {b.detail && <div style={{ fontWeight: 400, opacity: 0.7, fontSize: '0.75rem' }}>{b.detail}</div>}
                    </th>
                    <td>{formatValue(b.value, unit)}</td>
                  </tr>
                ))}
              </tbody>
            </Figures>
          </>
        )}
      </section>
    </Card>
  );
}
