// Device running statistics (spec §2 /manage/devsrunstat): the project's or one device's CPU,
// memory, traffic and clients over a window of spec §9, and a device's radios and ports (traffic,
// clients, noise, channel utilisation). The scope and window are in the address, so a reload or a
// shared link shows the same charts. echarts loads with the first chart (charts/load-charts).
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isDeviceOnline, STAT_WINDOWS, type DeviceItem, type StatWindow } from '@airloom/contracts';
import { ApiError, Button, EmptyState, Grid, InlineNotice, Page, PageHeader, Select, Spinner, Stack, Stat, Row, useLoad, useMfe, type ProjectRef, useSearchParams } from '@airloom/shared-ui';
import { ChartPanel, type ChartSeries } from '../../charts/ChartPanel';
import { WindowPicker } from '../../charts/WindowPicker';
import { uptimeParts } from '../../charts/format';
import { createRunStatApi, type RunStatApi } from './api';

export function RunStatPage() {
  const { t } = useTranslation('data');
  const { project } = useMfe();
  if (!project) {
    return (
      <Page>
        <PageHeader title={t('runstat.title')} />
        <EmptyState title={t('runstat.noProject')} />
      </Page>
    );
  }
  return <RunStat key={project.id} project={project} />;
}

const isWindow = (w: string | null): w is StatWindow => (STAT_WINDOWS as readonly string[]).includes(w ?? '');

function RunStat({ project }: { project: ProjectRef }) {
  const { t } = useTranslation('data');
  const mfe = useMfe();
  const api = useMemo(() => createRunStatApi(mfe.api, project.id), [mfe.api, project.id]);
  const [search, setSearch] = useSearchParams();
  const windowParam = search.get('window');
  const window: StatWindow = isWindow(windowParam) ? windowParam : '24h';
  const sn = search.get('sn') ?? '';
  const devices = useLoad((signal) => api.devices(signal));
  const list = useMemo(() => [...(devices.data?.items ?? [])].sort((a, b) => a.name.localeCompare(b.name)), [devices.data]);
  const device = list.find((d) => d.sn === sn) ?? null;

  const choose = (next: { sn?: string; window?: StatWindow }) => {
    const params = new URLSearchParams(search);
    if (next.sn !== undefined) {
      if (next.sn) params.set('sn', next.sn);
      else params.delete('sn');
    }
    if (next.window) params.set('window', next.window);
    setSearch(params, { replace: true });
  };

  return (
    <Page>
      <PageHeader title={t('runstat.title')} description={t('runstat.description')} />
      <Stack $gap="md">
        <Row $gap="md" $wrap>
          <div style={{ minWidth: 220, flex: '1 1 220px', maxWidth: 420 }}>
            <Select
              label={t('runstat.scope')}
              value={sn}
              onChange={(value) => choose({ sn: value })}
              options={[{ value: '', label: t('runstat.wholeProject') }, ...list.map((d) => ({ value: d.sn, label: `${d.name} (${d.sn})` }))]}
            />
          </div>
          <WindowPicker value={window} onChange={(w) => choose({ window: w })} />
        </Row>
        {devices.error && <InlineNotice tone="danger">{t('runstat.devicesFailed', { message: devices.error.message })}</InlineNotice>}
        {sn && !device && devices.loading ? (
          <Spinner />
        ) : device ? (
          <DeviceCharts key={`${device.sn}|${window}`} api={api} device={device} window={window} />
        ) : (
          <ProjectCharts key={window} api={api} window={window} devices={list.length} />
        )}
      </Stack>
    </Page>
  );
}

function Failed({ error, retry }: { error: Error; retry(): void }) {
  const { t } = useTranslation('data');
  return (
    <InlineNotice tone="danger">
      {t('charts.failed', { message: error instanceof ApiError ? error.message : t('charts.unreadable') })}{' '}
      <Button size="sm" variant="secondary" onClick={retry}>
        {t('charts.retry')}
      </Button>
    </InlineNotice>
  );
}

// two charts side by side where there is room, one under the other on a phone
const Charts = ({ children }: { children: ReactNode }) => <Grid $min="min(320px, 100%)">{children}</Grid>;

function ProjectCharts({ api, window, devices }: { api: RunStatApi; window: StatWindow; devices: number }) {
  const { t } = useTranslation('data');
  const load = useLoad((signal) =>
    Promise.all((['cpu', 'memory', 'traffic', 'clients'] as const).map((metric) => api.project(metric, window, signal))),
  );
  if (load.error) return <Failed error={load.error} retry={load.reload} />;
  if (!load.data) return <Spinner />;
  const [cpu, memory, traffic, clients] = load.data;
  const one = (name: string, points: ChartSeries['points']): ChartSeries[] => [{ name, points }];
  return (
    <Stack $gap="md">
      <Row $gap="md" $wrap>
        <Stat label={t('runstat.facts.devices')} value={String(devices)} />
      </Row>
      <Charts>
        <ChartPanel title={t('runstat.charts.projectCpu')} unit="%" window={window} series={one(t('runstat.charts.cpu'), cpu!.points)} />
        <ChartPanel title={t('runstat.charts.projectMemory')} unit="%" window={window} series={one(t('runstat.charts.memory'), memory!.points)} />
        <ChartPanel title={t('runstat.charts.projectTraffic')} unit="B/s" window={window} area series={one(t('runstat.charts.traffic'), traffic!.points)} />
        <ChartPanel title={t('runstat.charts.projectClients')} unit="clients" window={window} series={one(t('runstat.charts.clients'), clients!.points)} />
      </Charts>
    </Stack>
  );
}

function DeviceCharts({ api, device, window }: { api: RunStatApi; device: DeviceItem; window: StatWindow }) {
  const { t } = useTranslation('data');
  const load = useLoad(async (signal) => {
    const own = await Promise.all((['cpu', 'memory', 'traffic', 'clients'] as const).map((metric) => api.device(device.sn, metric, window, signal)));
    const ifaces = await Promise.all((['traffic', 'clients', 'noise', 'utilisation'] as const).map((metric) => api.interfaces(device.sn, metric, window, signal)));
    return { own, ifaces };
  });
  const ifaceName = (iface: string) => {
    const port = /^port(\d+)$/.exec(iface);
    return port ? t('runstat.iface.port', { n: port[1] }) : t('runstat.iface.radio', { band: iface.replace('GHz', ' GHz') });
  };
  if (load.error) return <Failed error={load.error} retry={load.reload} />;
  if (!load.data) return <Spinner />;
  const [cpu, memory, traffic, clients] = load.data.own;
  const [ifTraffic, ifClients, noise, utilisation] = load.data.ifaces.map((x) => x.series.map((s) => ({ name: ifaceName(s.iface), points: s.points })));
  const one = (name: string, points: ChartSeries['points']): ChartSeries[] => [{ name, points }];
  const online = isDeviceOnline(device.status);
  const up = device.uptime !== null && online ? uptimeParts(device.uptime) : null;
  const hasRadios = (ifClients?.length ?? 0) > 0 || (noise?.length ?? 0) > 0;
  return (
    <Stack $gap="md">
      <Row $gap="md" $wrap>
        <Stat label={t('runstat.facts.model')} value={device.model} />
        <Stat label={t('runstat.facts.status')} value={online ? t('runstat.facts.online') : t('runstat.facts.offline')} />
        <Stat label={t('runstat.facts.uptime')} value={up ? t('runstat.facts.uptimeValue', up) : '—'} />
      </Row>
      <Charts>
        <ChartPanel title={t('runstat.charts.cpu')} unit="%" window={window} series={one(t('runstat.charts.cpu'), cpu!.points)} />
        <ChartPanel title={t('runstat.charts.memory')} unit="%" window={window} series={one(t('runstat.charts.memory'), memory!.points)} />
        <ChartPanel title={t('runstat.charts.traffic')} unit="B/s" window={window} area series={one(t('runstat.charts.traffic'), traffic!.points)} />
        <ChartPanel title={t('runstat.charts.clients')} unit="clients" window={window} series={one(t('runstat.charts.clients'), clients!.points)} />
        <ChartPanel title={t('runstat.charts.ifaceTraffic')} unit="B/s" window={window} series={ifTraffic ?? []} />
        {hasRadios && (
          <>
            <ChartPanel title={t('runstat.charts.ifaceClients')} unit="clients" window={window} series={ifClients ?? []} />
            <ChartPanel title={t('runstat.charts.noise')} unit="dBm" window={window} series={noise ?? []} />
            <ChartPanel title={t('runstat.charts.utilisation')} unit="%" window={window} series={utilisation ?? []} />
          </>
        )}
      </Charts>
    </Stack>
  );
}
