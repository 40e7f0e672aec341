// /overview/preview: the user's projects at a glance. Device and alarm figures come
// from the server only; until devices exist it says so instead of showing made-up numbers.
// The demo projects are not the account's own: they sit in a section of their own, out of "My
// projects" and the figures, and the account can hide them (kept by the shell per account; a
// live-demo session has only them, so for it they are its projects) — docs/decisions/accounts-projects.md.
import { Fragment, useMemo, useState } from 'react';
import { Link } from '@airloom/shared-ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Card, EmptyState, Grid, InlineNotice, Page, PageHeader, Row, Spinner, Stack, Stat, projectRefOf, useLoad, useMfe, type MfeProps } from '@airloom/shared-ui';
import { createOverviewApi, type OverviewResponse, type ProjectItem, type ProjectListResponse } from '../../api';
import { DemoBadge } from '../../components/DemoBadge';

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

  // apart from the figures: a failure here must not hide the overview
  const unverified = useLoad((signal) => (mfe.session.demo ? Promise.resolve(0) : api.unverifiedCount(signal)));

  function open(project: ProjectItem) {
    mfe.openProject(projectRefOf(project));
    mfe.navigate('/manage/status');
  }

  return (
    <Page>
      <PageHeader title={t('preview.title')} description={t('preview.description')} />
      {data.error && <InlineNotice tone="danger">{t('preview.loadFailed', { message: data.error.message })}</InlineNotice>}
      {(unverified.data ?? 0) > 0 && (
        <InlineNotice tone="info">
          {t('preview.unverified', { count: unverified.data ?? 0 })}{' '}
          {/* the list is the Add device dialog of a project's network status (a project is chosen first if none is open) */}
          <Button size="sm" onClick={() => mfe.navigate('/manage/status?verify=1')}>
            {t('preview.reviewUnverified')}
          </Button>
        </InlineNotice>
      )}
      {data.loading && !data.data ? (
        <Spinner />
      ) : data.data ? (
        <OverviewContent data={data.data} onOpen={open} demoSession={mfe.session.demo} preferences={mfe.preferences} />
      ) : null}
    </Page>
  );
}

interface OverviewContentProps {
  data: OverviewData;
  onOpen(project: ProjectItem): void;
  demoSession: boolean;
  preferences: MfeProps['preferences'];
}

function OverviewContent({ data, onOpen, demoSession, preferences }: OverviewContentProps) {
  const { t } = useTranslation('overview');
  const { overview, projects } = data;
  const mine = demoSession ? projects.items : projects.items.filter((p) => !p.demo);
  const demo = demoSession ? [] : projects.items.filter((p) => p.demo);
  const [demoHidden, setDemoHidden] = useState(preferences?.hideDemoProjects ?? false);
  const hideDemo = (hide: boolean) => {
    preferences?.setHideDemoProjects(hide);
    setDemoHidden(hide);
  };
  const { devices } = overview;

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
              <Counts title={t('preview.devicesByType')} counts={devices.byType} labelKey="enums.deviceType" />
              <Counts title={t('preview.devicesByStatus')} counts={devices.byStatus} labelKey="enums.deviceStatus" />
            </Row>
          )}
        </Card>
        <Card title={t('preview.alarms')}>
          <Stat label={t('preview.unreadAlarms')} value={overview.alarms.unread} />
        </Card>
      </Grid>
      <Card title={t('preview.myProjects')} aria-label={t('preview.myProjects')}>
        {mine.length === 0 ? (
          <EmptyState title={t('preview.noProjects')} description={t('preview.noProjectsHint')} />
        ) : (
          <ProjectCards items={mine} onOpen={onOpen} />
        )}
        <Row $justify="end" style={{ marginTop: 16 }}>
          <Link to="/overview/list">{t('preview.viewList')}</Link>
        </Row>
      </Card>
      {demo.length > 0 && (
        <Card title={t('preview.demoProjects')} aria-label={t('preview.demoProjects')}>
          {demoHidden ? (
            <Row $justify="between">
              <span>{t('preview.demoHidden', { count: demo.length })}</span>
              {preferences && <Button size="sm" onClick={() => hideDemo(false)}>{t('preview.showDemo')}</Button>}
            </Row>
          ) : (
            <Stack>
              <Row $justify="between">
                <span>{t('preview.demoHint')}</span>
                {preferences && <Button size="sm" onClick={() => hideDemo(true)}>{t('preview.hideDemo')}</Button>}
              </Row>
              <ProjectCards items={demo} onOpen={onOpen} />
            </Stack>
          )}
        </Card>
      )}
    </Stack>
  );
}

function ProjectCards({ items, onOpen }: { items: readonly ProjectItem[]; onOpen(project: ProjectItem): void }) {
  const { t } = useTranslation('overview');
  return (
    <ProjectCardList>
      {items.map((p) => (
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
  );
}

/** One breakdown of the device figures (by type, by status); zero rows are left out. */
function Counts({ title, counts, labelKey }: { title: string; counts: Record<string, number>; labelKey: string }) {
  const { t } = useTranslation('overview');
  return (
    <Stack $gap="sm">
      <strong>{title}</strong>
      <CountList>
        {Object.entries(counts).filter(([, n]) => n > 0).map(([key, n]) => (
          <Fragment key={key}>
            <dt>{t(`${labelKey}.${key}`, { defaultValue: key })}</dt>
            <dd>{n}</dd>
          </Fragment>
        ))}
      </CountList>
    </Stack>
  );
}
