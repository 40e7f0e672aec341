// Device configuration (spec §2 /manage/devconf): the project's devices with their status, live
// ("online, not saved" while a configuration waits for the device), each with Configure; devices
// chosen with their check boxes can be restarted, located, have their LED set, be removed or upgraded
// together (features/bulk); the project's rollouts and its auto maintenance window are below. A
// project made from a solution shows its commissioning checklist first (features/commissioning).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@airloom/shared-ui';
import type { DeviceItem, Rollout } from '@airloom/contracts';
import { Button, EmptyState, InlineNotice, Page, PageHeader, refusalText, Spinner, Table, useCan, useMfe, type ProjectRef, type TableColumn } from '@airloom/shared-ui';
import { BulkActions } from '../bulk/BulkActions';
import { RolloutList } from '../bulk/Rollouts';
import { MaintenanceWindowCard } from '../maintenance-window/MaintenanceWindowCard';
import { CommissioningCard } from '../commissioning/CommissioningCard';
import { createDevicesApi } from '../../api';
import { deviceLabel } from '../config/device-name';
import { useProjectConfig } from '../config/useProjectConfig';
import { DeviceStatusBadge } from './DeviceStatusBadge';

export function configPath(sn: string, section = 'name'): string {
  return `/manage/devconf/${encodeURIComponent(sn)}/${section}`;
}

export function DeviceConfigListPage() {
  const { t } = useTranslation('devices');
  const { project } = useMfe();
  if (!project) {
    return (
      <Page>
        <EmptyState title={t('devconf.title')} />
      </Page>
    );
  }
  return <DeviceList key={project.id} project={project} />;
}

function DeviceList({ project }: { project: ProjectRef }) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const navigate = useNavigate();
  const api = useMemo(() => createDevicesApi(mfe.api, project.id), [mfe.api, project.id]);
  const { devices, error, operations } = useProjectConfig(api, project.id);
  const may = useCan('device.operate');
  const mayUpgrade = useCan('device.upgrade');
  const [started, setStarted] = useState<Rollout | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // a device that left the list (removed, moved) is no longer chosen
  const selected = useMemo(() => (devices ?? []).filter((d) => chosen.has(d.sn)).map((d) => d.sn), [devices, chosen]);
  const toggle = (sn: string) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(sn)) next.add(sn);
      return next;
    });

  const columns = useMemo<TableColumn<DeviceItem>[]>(
    () => [
      ...(may.ok
        ? [
            {
              id: 'select', header: t('bulk.select'), value: (d: DeviceItem) => (chosen.has(d.sn) ? 1 : 0), sortable: false, searchable: false, hideable: false, width: '64px',
              cell: (d: DeviceItem) => (
                <input type="checkbox" checked={chosen.has(d.sn)} onChange={() => toggle(d.sn)} aria-label={t('bulk.selectDevice', { name: deviceLabel(d) })} />
              ),
            },
          ]
        : []),
      { id: 'name', header: t('devconf.column.name'), value: (d) => deviceLabel(d), hideable: false },
      { id: 'status', header: t('devconf.column.status'), value: (d) => d.status, cell: (d) => <DeviceStatusBadge device={d} /> },
      { id: 'type', header: t('devconf.column.type'), value: (d) => t(`enums.deviceType.${d.type}`) },
      { id: 'model', header: t('devconf.column.model'), value: (d) => d.model },
      { id: 'sn', header: t('devconf.column.sn'), value: (d) => d.sn },
    ],
    [t, may.ok, chosen],
  );

  return (
    <Page>
      <PageHeader title={t('devconf.title')} description={t('devconf.description', { project: project.projectName })} />
      {error && <InlineNotice tone="danger">{t('devconf.loadFailed', { message: error.message })}</InlineNotice>}
      <CommissioningCard project={project} devices={devices} />
      {!may.ok && devices && devices.length > 0 && <InlineNotice tone="info">{t('bulk.readOnly', { reason: refusalText(may.code) })}</InlineNotice>}
      {may.ok && devices && <BulkActions projectId={project.id} devices={devices} operations={operations} selected={selected} onClear={() => setChosen(new Set())} onRolloutStarted={setStarted} />}
      {devices && <RolloutList projectId={project.id} devices={devices} started={started} mayResume={mayUpgrade.ok} />}
      {!devices ? (
        !error && <Spinner />
      ) : (
        <Table
          label={t('devconf.tableLabel')}
          columns={columns}
          data={devices}
          getRowId={(d) => d.sn}
          searchable
          initialSort={{ id: 'name' }}
          toolbar={
            may.ok && devices.length > 0 ? (
              <Button size="sm" variant="ghost" onClick={() => setChosen(new Set(devices.map((d) => d.sn)))}>
                {t('bulk.selectAll', { count: devices.length })}
              </Button>
            ) : undefined
          }
          rowActions={(d) => (
            <Button size="sm" aria-label={t('devconf.configureDevice', { name: deviceLabel(d) })} onClick={() => navigate(configPath(d.sn))}>
              {t('devconf.configure')}
            </Button>
          )}
          empty={<EmptyState title={t('devconf.empty')} />}
        />
      )}
      {devices && devices.length > 0 && <MaintenanceWindowCard project={project} />}
    </Page>
  );
}
