// Top 15 by country, or by region of the compared countries (spec §1), as bars drawn in CSS.
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import type { ActivationSummary } from '@airloom/contracts';
import { count, placeName } from './format';
import { useRegionNames } from './useRegionMap';
import { Muted, Panel, wall } from './wall';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
  li { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 8px; align-items: center; position: relative; padding: 2px 6px; }
  span { position: relative; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  strong { position: relative; font-variant-numeric: tabular-nums; }
`;

const Bar = styled.i<{ $share: number }>`
  position: absolute;
  inset: 0 auto 0 0;
  width: ${({ $share }) => Math.max(2, Math.round($share * 100))}%;
  background: ${wall.border};
  border-radius: 3px;
`;

export function TopPanel({ top, byRegion }: { top: ActivationSummary['top']; byRegion: boolean }) {
  const { t } = useTranslation('dashboard');
  const max = Math.max(1, ...top.map((r) => r.count));
  // a region by its name once its country's map is loaded (its code until then)
  const regionNames = useRegionNames(byRegion ? top.map((r) => r.country).filter(Boolean) : []);
  const title = byRegion ? t('top.regions') : t('top.countries');
  return (
    <Panel aria-labelledby="top-title">
      <h2 id="top-title">{title}</h2>
      {top.length === 0 ? (
        <Muted>{t('top.empty')}</Muted>
      ) : (
        <List aria-label={title}>
          {top.map((r) => (
            <li key={`${r.country}-${r.state}`}>
              <Bar $share={r.count / max} aria-hidden />
              <span>{placeName(r.country, r.state, regionNames[r.country]?.[r.state])}</span>
              <strong>{count(r.count)}</strong>
            </li>
          ))}
        </List>
      )}
    </Panel>
  );
}
