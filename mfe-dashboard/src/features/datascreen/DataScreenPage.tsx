// The activation data screen (spec §1, §2 `/overview/preview/datascreen`, §9): counters, world
// and compared-countries maps, top 15, trends by type and brand, the §9 ranges, live updates and
// the base device list, on a dark full-screen wall. Idle (no input for a while, checked every 3 s)
// it dims its controls and moves through the ranges.
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { ACTIVATION_RANGES } from '@airloom/contracts';
import { Spinner } from '@airloom/shared-ui';
import { useActivationLive } from '../../live/useActivationLive';
import { DeviceListPanel } from '../devices/DeviceListPanel';
import { useDataScreenSettings } from './context';
import { CountryPicker, RangePicker, WallButton } from './Controls';
import { CountersPanel } from './CountersPanel';
import { placeName } from './format';
import { RegionPanel } from './RegionPanel';
import { TopPanel } from './TopPanel';
import { BrandPanel, TypeTrendPanel } from './TrendPanels';
import { useDataScreen } from './useDataScreen';
import { useIdle } from './useIdle';
import { Muted, Panels, Wall } from './wall';
import { WorldMapPanel } from './WorldMapPanel';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 24px;
  align-items: center;
  justify-content: space-between;
  h1 { margin: 0; font-size: clamp(20px, 2.4vw, 30px); }
`;

const Live = styled.span<{ $on: boolean }>`
  color: ${({ $on }) => ($on ? '#34d399' : '#fbbf24')};
  white-space: nowrap;
`;

export function DataScreenPage() {
  const { t } = useTranslation('dashboard');
  const settings = useDataScreenSettings();
  const screen = useDataScreen();
  const { state, latest, live } = useActivationLive(settings.openStream, screen.changed);
  const idle = useIdle(settings.idle.pollMs, settings.idle.timeoutMs);
  const root = useRef<HTMLDivElement>(null);
  const { setRange } = screen;

  // idle: the ranges take turns
  useEffect(() => {
    if (!idle) return;
    const turn = setInterval(() => setRange((r) => ACTIVATION_RANGES[(ACTIVATION_RANGES.indexOf(r) + 1) % ACTIVATION_RANGES.length]!), settings.rotateMs);
    return () => clearInterval(turn);
  }, [idle, settings.rotateMs, setRange]);

  const summary = screen.summary.data;
  const byRegion = screen.compared.length > 0;
  return (
    <Wall ref={root} $idle={idle} data-idle={idle || undefined}>
      <Header>
        <div>
          <h1>{t('title')}</h1>
          <Muted>
            <Live $on={state === 'live'} role="status" aria-label={t('live.label', { state: t(`live.${state}`) })}>
              ● {t(`live.${state}`)}
            </Live>
            {latest && ` · ${t('live.arrived', { sn: latest.activation.sn, place: placeName(latest.activation.country, latest.activation.state) })}`}
          </Muted>
        </div>
        <div data-dim style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
          <RangePicker range={screen.range} onChange={setRange} />
          <WallButton onClick={() => void root.current?.requestFullscreen?.()}>{t('fullScreen')}</WallButton>
        </div>
      </Header>
      <div data-dim>
        <CountryPicker compared={screen.compared} known={screen.known} refused={screen.refused} onAdd={screen.compare} onRemove={screen.uncompare} />
      </div>
      {screen.summary.error && (
        <Muted role="alert" style={{ color: '#fbbf24' }}>
          {t('loadFailed', { message: screen.summary.error.message })} {t('retrying')}
        </Muted>
      )}
      {!summary ? (
        !screen.summary.error && <Spinner />
      ) : (
        <>
          <CountersPanel counters={summary.counters} />
          <Panels>
            <WorldMapPanel countries={summary.countries} onPick={screen.compare} />
            <TopPanel top={summary.top} byRegion={byRegion} />
            {byRegion && <RegionPanel compared={screen.compared} regions={summary.regions} />}
            <TypeTrendPanel summary={summary} />
            <BrandPanel summary={summary} />
          </Panels>
          <DeviceListPanel brands={summary.byBrand.map((b) => b.brand)} live={live} exportAllowed={settings.exportAllowed} />
        </>
      )}
      {/* the GeoLite2 licence asks for this attribution wherever the locations are shown */}
      <Muted as="footer" style={{ fontSize: 12 }}>
        {t('geoCredit')} <a href="https://www.maxmind.com" target="_blank" rel="noreferrer" style={{ color: 'inherit' }}>https://www.maxmind.com</a>
      </Muted>
    </Wall>
  );
}
