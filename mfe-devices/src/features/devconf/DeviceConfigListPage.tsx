// Device configuration (spec §2 /manage/devconf): the project's devices with their status, live
// ("online, not saved" while a configuration waits for the device), each with Configure.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DeviceItem } from '@airloom/contracts';
import { Button, EmptyState, InlineNotice, Page, PageHeader, Spinner, Table, useMfe, type ProjectRef, type TableColumn } from '@airloom/shared-ui';
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
  const { devices, error } = useProjectConfig(api, project.id);

  const columns = useMemo<TableColumn<DeviceItem>[]>(
    () => [
      { id: 'name', header: t('devconf.column.name'), value: (d) => deviceLabel(d), hideable: false },
      { id: 'status', header: t('devconf.column.status'), value: (d) => d.status, cell: (d) => <DeviceStatusBadge device={d} /> },
      { id: 'type', header: t('devconf.column.type'), value: (d) => t(`enums.deviceType.${d.type}`) },
      { id: 'model', header: t('devconf.column.model'), value: (d) => d.model },
      { id: 'sn', header: t('devconf.column.sn'), value: (d) => d.sn },
    ],
    [t],
  );

  return (
    <Page>
      <PageHeader title={t('devconf.title')} description={t('devconf.description', { project: project.projectName })} />
      {error && <InlineNotice tone="danger">{t('devconf.loadFailed', { message: error.message })}</InlineNotice>}
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
          rowActions={(d) => (
            <Button size="sm" aria-label={t('devconf.configureDevice', { name: deviceLabel(d) })} onClick={() => navigate(configPath(d.sn))}>
              {t('devconf.configure')}
            </Button>
          )}
          empty={<EmptyState title={t('devconf.empty')} />}
        />
      )}
    </Page>
  );
}
