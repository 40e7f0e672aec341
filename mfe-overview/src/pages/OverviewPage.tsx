// /overview/preview: the user's projects at a glance (issue 2 §3). Device and alarm figures come
// from the server only; until devices exist it says so instead of showing made-up numbers.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Card, EmptyState, Grid, InlineNotice, Page, PageHeader, Row, Spinner, Stack, Stat } from '@airloom/shared-ui';
import { useMfe } from '../mfe-context';
import { createOverviewApi, type OverviewResponse, type ProjectItem, type ProjectListResponse } from '../api';
import { toProjectRef } from '../project-access';
import { useLoad } from '../use-load';
import { DemoBadge } from '../components/DemoBadge';

const ProjectCardList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;

const ProjectCard = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  h3 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: ${({ theme }) => theme.fontWeights.bold}; overflow-wrap: anywhere; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const CountList = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 16px;
  margin: 0;
  dd { margin: 0; font-weight: ${({ theme }) => theme.fontWeights.bold}; text-align: right; }
`;

interface OverviewData {
  overview: OverviewResponse;
  projects: ProjectListResponse;
}

export function OverviewPage() {
  const { t } = useTranslation('overview');
  const mfe = useMfe();
  const api = useMemo(() => createOverviewApi(mfe.api), [mfe.api]);
  const data = useLoad<OverviewData>(async (signal) => {
    const [overview, projects] = await Promise.all([api.overview(signal), api.listProjects(signal)]);
    return { overview, projects };
  });

  function open(project: ProjectItem) {
    mfe.openProject(toProjectRef(project));
    mfe.navigate('/manage/status');
  }

  return (
    <Page>
      <PageHeader title={t('preview.title')} description={t('preview.description')} />
      {data.error && <InlineNotice tone="danger">{t('preview.loadFailed', { message: data.error.message })}</InlineNotice>}
      {data.loading && !data.data ? (
        <Spinner />
      ) : data.data ? (
        <OverviewContent data={data.data} onOpen={open} />
      ) : null}
    </Page>
  );
}

function OverviewContent({ data, onOpen }: { data: OverviewData; onOpen(project: ProjectItem): void }) {
  const { t } = useTranslation('overview');
  const { overview, projects } = data;
  const { devices } = overview;
  const byType = Object.entries(devices.byType).filter(([, n]) => n > 0);
  const byStatus = Object.entries(devices.byStatus).filter(([, n]) => n > 0);

  return (
    <Stack $gap="xl">
      <Grid $min="260px">
        <Card title={t('preview.projects')}>
          <Grid $min="80px">
            <Stat label={t('preview.projectsTotal')} value={overview.projects.total} />
            <Stat label={t('preview.wlanProjects')} value={overview.projects.byNetMode.WLAN} />
            <Stat label={t('preview.meshProjects')} value={overview.projects.byNetMode.MESH} />
          </Grid>
        </Card>
        <Card title={t('preview.devices')}>
          {devices.total === 0 ? (
            <EmptyState title={t('preview.noDevices')} description={t('preview.noDevicesHint')} />
          ) : (
            <Row $gap="xl" style={{ alignItems: 'flex-start' }}>
              <Stack $gap="sm">
                <strong>{t('preview.devicesByType')}</strong>
                <CountList>
                  {byType.map(([type, n]) => (
                    <Count key={type} label={t(`enums.deviceType.${type}`, { defaultValue: type })} value={n} />
                  ))}
                </CountList>
              </Stack>
              <Stack $gap="sm">
                <strong>{t('preview.devicesByStatus')}</strong>
                <CountList>
                  {byStatus.map(([status, n]) => (
                    <Count key={status} label={t(`enums.deviceStatus.${status}`, { defaultValue: status })} value={n} />
                  ))}
                </CountList>
              </Stack>
            </Row>
          )}
        </Card>
        <Card title={t('preview.alarms')}>
          <Stat label={t('preview.unreadAlarms')} value={overview.alarms.unread} />
        </Card>
      </Grid>
      <Card
        title={t('preview.myProjects')}
        aria-label={t('preview.myProjects')}
      >
        {projects.items.length === 0 ? (
          <EmptyState title={t('preview.noProjects')} />
        ) : (
          <ProjectCardList>
            {projects.items.map((p) => (
              <ProjectCard key={p.id}>
                <Row $gap="sm" $justify="between" $wrap={false}>
                  <h3>{p.projectName}</h3>
                  {p.demo && <DemoBadge />}
                </Row>
                <p>
                  {t(`enums.netMode.${p.netMode}`)} · {t(`enums.scenario.${p.scenario}`)} · {t(`enums.projectProperty.${p.property}`)}
                </p>
                <Row $justify="end">
                  <Button size="sm" variant="primary" aria-label={t('preview.openProject', { name: p.projectName })} onClick={() => onOpen(p)}>
                    {t('common.actions.open')}
                  </Button>
                </Row>
              </ProjectCard>
            ))}
          </ProjectCardList>
        )}
        <Row $justify="end" style={{ marginTop: 16 }}>
          <Link to="/overview/list">{t('preview.viewList')}</Link>
        </Row>
      </Card>
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
