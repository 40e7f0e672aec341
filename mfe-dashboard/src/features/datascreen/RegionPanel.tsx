// The compared countries (at most 5, spec §9) on their own map with their regions' counts, shown
// while countries are compared. The map
// shades each country; world-atlas carries country borders only, so regions are listed beside it
// (docs/decisions/datascreen.md).
import { useMemo } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import type { ActivationSummary } from '@airloom/contracts';
import { EChart } from '../../charts/EChart';
import { mapOption } from './WorldMapPanel';
import { count, countryName } from './format';
import { Muted, Panel } from './wall';

const Split = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
  ul { margin: 0; padding-left: 18px; }
`;

export function RegionPanel({ compared, countries, top }: { compared: readonly string[]; countries: ActivationSummary['countries']; top: ActivationSummary['top'] }) {
  const { t } = useTranslation('dashboard');
  const map = `compared:${[...compared].sort().join(',')}`;
  const option = useMemo(() => mapOption(map, countries), [map, countries]);
  const title = t('region.label', { countries: compared.map(countryName).join(', ') });
  return (
    <Panel aria-labelledby="region-title">
      <h2 id="region-title">{title}</h2>
      <Split>
        <EChart option={option} map={map} label={title} height="300px" />
        {top.length === 0 ? (
          <Muted>{t('region.empty')}</Muted>
        ) : (
          <div>
            {compared.map((code) => {
              const regions = top.filter((r) => r.country === code);
              const total = countries.find((c) => c.country === code)?.count ?? 0;
              return (
                <section key={code} aria-label={countryName(code)}>
                  <strong>
                    {countryName(code)} · {count(total)}
                  </strong>
                  <ul>
                    {regions.map((r) => (
                      <li key={r.state}>
                        {r.state || t('place.unknown')}: {count(r.count)}
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        )}
      </Split>
    </Panel>
  );
}
