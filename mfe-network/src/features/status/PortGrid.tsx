// A switch's ports as the front panel shows them (spec §3 switch port: status, rate, PoE status and
// power): one tile per port, up or down, its speed and the W it powers, and the PoE budget as total,
// used and remaining W (spec §3 device "PoE power"). Each tile says all of it in words too.
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { DeviceDetail } from '@airloom/contracts';
import { VisuallyHidden } from '@airloom/shared-ui';

const Grid = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(64px, 1fr));
  gap: 6px;
`;

const Tile = styled.li<{ $up: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 2px;
  padding: 6px 4px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme, $up }) => ($up ? theme.colors.success : theme.colors.controlBorder)};
  background: ${({ theme, $up }) => ($up ? theme.colors.surfaceAlt : theme.colors.bg)};
  color: ${({ theme, $up }) => ($up ? theme.colors.text : theme.colors.textMuted)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  b { font-size: ${({ theme }) => theme.fontSizes.md}; }
`;

const Budget = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xl};
  margin: 0 0 ${({ theme }) => theme.space.md};
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  dd { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
`;

const Meter = styled.meter`
  width: 100%;
  height: 12px;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const watts = (w: number) => `${Number.isInteger(w) ? w : w.toFixed(1)} W`;
const shortSpeed = (mbit: number) => (mbit >= 1000 ? `${mbit / 1000}G` : `${mbit}M`);

export function PoeBudget({ poe }: { poe: NonNullable<DeviceDetail['poe']> }) {
  const { t } = useTranslation('network');
  return (
    <>
      <Budget>
        <div>
          <dt>{t('panel.poeTotal')}</dt>
          <dd>{watts(poe.total)}</dd>
        </div>
        <div>
          <dt>{t('panel.poeUsed')}</dt>
          <dd>{watts(poe.used)}</dd>
        </div>
        <div>
          <dt>{t('panel.poeRemaining')}</dt>
          <dd>{watts(poe.remaining)}</dd>
        </div>
      </Budget>
      <Meter aria-label={t('panel.poeUsed')} min={0} max={poe.total} high={poe.total * 0.9} value={poe.used} />
    </>
  );
}

export function PortGrid({ ports }: { ports: DeviceDetail['ports'] }) {
  const { t } = useTranslation('network');
  return (
    <Grid aria-label={t('panel.ports')}>
      {ports.map((p, i) => {
        const poe = p.poePower !== null && p.poePower > 0 ? watts(p.poePower) : null;
        return (
          <Tile key={p.name} $up={p.up} data-port={i + 1} data-up={p.up}>
            <b aria-hidden="true">{i + 1}</b>
            <span aria-hidden="true">{p.up ? shortSpeed(p.speed) : t('panel.down')}</span>
            {poe && <span aria-hidden="true">⚡{poe}</span>}
            <VisuallyHidden>
              {t('panel.portSays', {
                name: p.name,
                link: p.up ? `${t('panel.up')}, ${t('panel.speed', { speed: p.speed })}` : t('panel.down'),
              })}
              {p.poePower !== null && `, ${poe ? t('panel.poePowering', { power: poe }) : t('panel.poeIdle')}`}
            </VisuallyHidden>
          </Tile>
        );
      })}
    </Grid>
  );
}
