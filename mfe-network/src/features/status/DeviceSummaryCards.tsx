// spec §2 summary on top of the network status: online/offline by type, clients, alarms; devices
// restarting right now are neither online nor offline and are shown apart while there are any.
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Stat } from '@airloom/shared-ui';
import type { DeviceSummary } from '@airloom/contracts';

const Box = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.xxl};
  padding: ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const Stats = styled.div`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(90px, auto);
  gap: ${({ theme }) => theme.space.xl};
`;

const ByType = styled.table`
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  caption { text-align: left; font-weight: ${({ theme }) => theme.fontWeights.bold}; padding-bottom: 4px; }
  th, td { text-align: left; padding: 2px 12px 2px 0; white-space: nowrap; }
  thead th { color: ${({ theme }) => theme.colors.textMuted}; font-weight: ${({ theme }) => theme.fontWeights.medium}; }
  td { text-align: right; }
`;

export function DeviceSummaryCards({ summary, alarms }: { summary: DeviceSummary; alarms: number | null }) {
  const { t } = useTranslation('network');
  return (
    <Box aria-label={t('summary.label')}>
      <Stats>
        <Stat label={t('summary.online')} value={summary.online} />
        <Stat label={t('summary.offline')} value={summary.offline} />
        {summary.restarting > 0 && <Stat label={t('summary.restarting')} value={summary.restarting} />}
        <Stat label={t('summary.clients')} value={summary.clients} />
        <Stat label={t('summary.alarms')} value={alarms ?? t('summary.unknown')} />
      </Stats>
      {summary.byType.length > 0 && (
        <ByType>
          <caption>{t('summary.byType')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('column.type')}</th>
              <th scope="col">{t('summary.online')}</th>
              <th scope="col">{t('summary.offline')}</th>
              {summary.restarting > 0 && <th scope="col">{t('summary.restarting')}</th>}
            </tr>
          </thead>
          <tbody>
            {summary.byType.map((row) => (
              <tr key={row.type}>
                <th scope="row">{t(`enums.deviceType.${row.type}`)}</th>
                <td>{row.online}</td>
                <td>{row.offline}</td>
                {summary.restarting > 0 && <td>{row.restarting}</td>}
              </tr>
            ))}
          </tbody>
        </ByType>
      )}
    </Box>
  );
}
