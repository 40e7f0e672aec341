// spec §2 summary on top of the network status: online/offline by type, clients, alarms.
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Card, Grid, Stat } from '@airloom/shared-ui';
import type { DeviceSummary } from '@airloom/contracts';

const TypeList = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 16px;
  margin: 0;
  dt { font-weight: ${({ theme }) => theme.fontWeights.medium}; }
  dd { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export function DeviceSummaryCards({ summary, alarms }: { summary: DeviceSummary; alarms: number | null }) {
  const { t } = useTranslation('network');
  return (
    <Grid $min="200px" role="region" aria-label={t('summary.label')}>
      <Card>
        <Grid $min="90px">
          <Stat label={t('summary.online')} value={summary.online} />
          <Stat label={t('summary.offline')} value={summary.offline} />
        </Grid>
      </Card>
      <Card>
        <Grid $min="90px">
          <Stat label={t('summary.clients')} value={summary.clients} />
          <Stat label={t('summary.alarms')} value={alarms ?? t('summary.unknown')} />
        </Grid>
      </Card>
      {summary.byType.length > 0 && (
        <Card title={t('summary.byType')}>
          <TypeList>
            {summary.byType.map((row) => (
              <TypeCount key={row.type} label={t(`enums.deviceType.${row.type}`)} text={t('summary.typeCounts', { online: row.online, offline: row.offline })} />
            ))}
          </TypeList>
        </Card>
      )}
    </Grid>
  );
}

function TypeCount({ label, text }: { label: string; text: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{text}</dd>
    </>
  );
}
