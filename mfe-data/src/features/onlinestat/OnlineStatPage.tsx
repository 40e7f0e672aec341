// Online statistics (spec §2 /manage/onlinestat): the project's top 5 access points by clients and
// by throughput over a window of spec §9, its Wi-Fi clients by signal strength now, and its clients
// over time. The window is in the address; echarts loads with the first chart (charts/load-charts).
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STAT_WINDOWS, type OnlineStats, type StatWindow } from '@airloom/contracts';
import { ApiError, Button, EmptyState, Grid, InlineNotice, Page, PageHeader, Spinner, Stack, useLoad, useMfe, type ProjectRef, useSearchParams } from '@airloom/shared-ui';
import { BarPanel, type Bar } from '../../charts/BarPanel';
import { ChartPanel } from '../../charts/ChartPanel';
import { WindowPicker } from '../../charts/WindowPicker';
import { createOnlineStatApi, type OnlineStatApi } from './api';

export function OnlineStatPage() {
  const { t } = useTranslation('data');
  const { project } = useMfe();
  if (!project) {
    return (
      <Page>
        <PageHeader title={t('onlinestat.title')} />
        <EmptyState title={t('onlinestat.noProject')} />
      </Page>
    );
  }
  return <OnlineStat key={project.id} project={project} />;
}

const isWindow = (w: string | null): w is StatWindow => (STAT_WINDOWS as readonly string[]).includes(w ?? '');

function OnlineStat({ project }: { project: ProjectRef }) {
  const { t } = useTranslation('data');
  const mfe = useMfe();
  const api = useMemo(() => createOnlineStatApi(mfe.api, project.id), [mfe.api, project.id]);
  const [search, setSearch] = useSearchParams();
  const windowParam = search.get('window');
  const window: StatWindow = isWindow(windowParam) ? windowParam : '24h';
  const choose = (w: StatWindow) => {
    const params = new URLSearchParams(search);
    params.set('window', w);
    setSearch(params, { replace: true });
  };
  return (
    <Page>
      <PageHeader title={t('onlinestat.title')} description={t('onlinestat.description')} />
      <Stack $gap="md">
        <WindowPicker value={window} onChange={choose} />
        <Figures key={window} api={api} window={window} />
      </Stack>
    </Page>
  );
}

// side by side where there is room, one under the other on a phone
const Panels = ({ children }: { children: ReactNode }) => <Grid $min="min(320px, 100%)">{children}</Grid>;

function Figures({ api, window }: { api: OnlineStatApi; window: StatWindow }) {
  const { t } = useTranslation('data');
  const load = useLoad((signal) => api.online(window, signal));
  if (load.error) {
    return (
      <InlineNotice tone="danger">
        {t('charts.failed', { message: load.error instanceof ApiError ? load.error.message : t('charts.unreadable') })}{' '}
        <Button size="sm" variant="secondary" onClick={load.reload}>
          {t('charts.retry')}
        </Button>
      </InlineNotice>
    );
  }
  if (!load.data) return <Spinner />;
  const data: OnlineStats = load.data;
  const top = (list: OnlineStats['topClients']): Bar[] => list.map((d) => ({ label: d.name, detail: `${d.model} · ${d.sn}`, value: d.value }));
  const signal: Bar[] = data.signal.map((b) => ({ label: t(`onlinestat.buckets.${b.bucket}`), value: b.clients }));
  return (
    <Panels>
      <BarPanel title={t('onlinestat.topClients')} unit="clients" bars={top(data.topClients)} columns={[t('onlinestat.accessPoint'), t('onlinestat.clients')]} empty={t('onlinestat.noTop')} />
      <BarPanel title={t('onlinestat.topThroughput')} unit="B/s" bars={top(data.topThroughput)} columns={[t('onlinestat.accessPoint'), t('onlinestat.throughput')]} empty={t('onlinestat.noTop')} />
      <BarPanel title={t('onlinestat.signal')} unit="clients" bars={signal} columns={[t('onlinestat.signalRange'), t('onlinestat.clients')]} empty={t('onlinestat.noSignal')} />
      <ChartPanel title={t('onlinestat.clientsOverTime')} unit="clients" window={window} area series={[{ name: t('onlinestat.clients'), points: data.clients.points }]} />
    </Panels>
  );
}
