// One compared country (at most 5, spec §9) on its own map, its regions coloured by activations in
// the range: the country just added (a click on the world map or the picker), or the one chosen
// here. The regions are the GeoIP database's (docs/decisions/datascreen.md); the figures are
// listed beside the map as text too.
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import type { ActivationSummary } from '@airloom/contracts';
import { Spinner } from '@airloom/shared-ui';
import { EChart, type ChartOption } from '../../charts/EChart';
import { choropleth } from '../../charts/map-option';
import type { RegionMap } from '../../charts/region-maps';
import { WallButton } from './Controls';
import { count, countryName } from './format';
import { useRegionMap } from './useRegionMap';
import { Muted, Panel } from './wall';

const Split = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
  ol { margin: 0; padding-left: 22px; }
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-bottom: 8px;
`;

type Regions = ActivationSummary['regions'];

export function regionOption(map: string, regions: Regions, { names, focus }: RegionMap): ChartOption {
  const drawn = regions.filter((r) => r.state in names);
  return choropleth(map, drawn.map((r) => ({ name: r.state, value: r.count })), (code) => names[code] ?? code, focus);
}

export function RegionPanel({ compared, regions }: { compared: readonly string[]; regions: Regions }) {
  const { t } = useTranslation('dashboard');
  const [chosen, setChosen] = useState<string>();
  const latest = compared.at(-1);
  // a country just added is shown at once
  useEffect(() => setChosen(undefined), [latest]);
  const shown = chosen && compared.includes(chosen) ? chosen : latest;
  const map = useRegionMap(shown);
  const own = useMemo(() => regions.filter((r) => r.country === shown), [regions, shown]);
  const option = useMemo(() => (map ? regionOption(`regions:${shown}`, own, map) : null), [map, own, shown]);
  if (!shown) return null;

  const name = countryName(shown);
  const title = t('region.label', { country: name });
  const counted = own.filter((r) => r.count > 0).sort((a, b) => b.count - a.count);
  const placed = counted.filter((r) => map && r.state in map.names);
  const elsewhere = counted.filter((r) => !placed.includes(r)).reduce((sum, r) => sum + r.count, 0);
  return (
    <Panel aria-labelledby="region-title">
      <h2 id="region-title">{title}</h2>
      {compared.length > 1 && (
        <Choices role="group" aria-label={t('region.choose')}>
          {compared.map((c) => (
            <WallButton key={c} aria-pressed={c === shown} onClick={() => setChosen(c)}>
              {countryName(c)}
            </WallButton>
          ))}
        </Choices>
      )}
      {map === undefined ? (
        <Spinner />
      ) : (
        <Split>
          {map && option ? (
            <EChart option={option} map={`regions:${shown}`} label={t('region.map', { country: name, count: Object.keys(map.names).length })} height="300px" />
          ) : (
            <Muted>{t('region.noMap', { country: name })}</Muted>
          )}
          <div>
            {counted.length === 0 ? (
              <Muted>{t('region.empty', { country: name })}</Muted>
            ) : (
              <ol aria-label={t('region.list', { country: name })}>
                {placed.map((r) => (
                  <li key={r.state}>
                    {map?.names[r.state] ?? r.state}: {count(r.count)}
                  </li>
                ))}
              </ol>
            )}
            {elsewhere > 0 && <Muted>{t('region.elsewhere', { count: elsewhere })}</Muted>}
          </div>
        </Split>
      )}
    </Panel>
  );
}
