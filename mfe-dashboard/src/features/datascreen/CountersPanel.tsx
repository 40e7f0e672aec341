// Overview counters (spec §1 activation dashboard): total, today, 7 days and 30 days.
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import type { ActivationSummary } from '@airloom/contracts';
import { count } from './format';
import { Panel, wall } from './wall';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(130px, 1fr));
  gap: 12px;
  margin: 0;
  div { display: flex; flex-direction: column-reverse; }
  dt { color: ${wall.muted}; }
  dd { margin: 0; font-size: clamp(28px, 4vw, 48px); font-weight: 700; color: ${wall.text}; font-variant-numeric: tabular-nums; }
`;

const KEYS = ['total', 'today', 'last7d', 'last30d'] as const;

export function CountersPanel({ counters }: { counters: ActivationSummary['counters'] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Panel aria-labelledby="counters-title">
      <h2 id="counters-title">{t('counters.label')}</h2>
      <Figures>
        {KEYS.map((k) => (
          <div key={k}>
            <dt>{t(`counters.${k}`)}</dt>
            <dd data-testid={`counter-${k}`}>{count(counters[k])}</dd>
          </div>
        ))}
      </Figures>
    </Panel>
  );
}
