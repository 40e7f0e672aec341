// /overview/models: the model catalogue (spec §1 "a list of models that support cloud management"),
// read once from GET /api/v1/models; searched in the shared Table and filtered by type here.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, DEVICE_TYPES, type CatalogueModel, type DeviceType } from '@airloom/contracts';
import { EmptyState, InlineNotice, Page, PageHeader, Select, Spinner, Table, useLoad, useMfe, type TableColumn } from '@airloom/shared-ui';

const NO_MODELS: CatalogueModel[] = [];

export function ModelCataloguePage() {
  const { t } = useTranslation('overview');
  const mfe = useMfe();
  const [type, setType] = useState<DeviceType | ''>('');
  const list = useLoad((signal) => mfe.api.call(API.models.list, { query: {}, signal }));
  const rows = useMemo(() => (list.data?.list ?? NO_MODELS).filter((m) => !type || m.type === type), [list.data, type]);

  const columns = useMemo<TableColumn<CatalogueModel>[]>(
    () => [
      { id: 'model', header: t('models.column.model'), value: (m) => m.model },
      { id: 'type', header: t('models.column.type'), value: (m) => t(`enums.deviceType.${m.type}`) },
      { id: 'brand', header: t('models.column.brand'), value: (m) => m.brand },
      {
        id: 'ports', header: t('models.column.ports'), searchable: false,
        value: (m) => t('models.ports', { count: m.ports.count, poe: m.ports.poe, sfp: m.ports.sfp, budget: m.ports.poeBudgetW }),
      },
      {
        id: 'radios', header: t('models.column.radios'), searchable: false,
        value: (m) => (m.bands.length ? m.bands.map((b) => t('models.band', { band: b, clients: m.maxClients[b] ?? 0 })).join(', ') : t('models.none')),
      },
      { id: 'wan', header: t('models.column.wan'), value: (m) => m.wanLines, searchable: false },
      { id: 'vlan', header: t('models.column.vlan'), value: (m) => `${m.minVlan}–${m.maxVlan}`, searchable: false },
      { id: 'firmware', header: t('models.column.firmware'), value: (m) => m.recommendedFirmware },
    ],
    [t],
  );

  return (
    <Page>
      <PageHeader
        title={t('models.title')}
        description={t('models.description')}
        actions={
          <Select
            label={t('models.typeFilter')}
            value={type}
            onChange={(v) => setType(v as DeviceType | '')}
            options={[{ value: '' as const, label: t('models.allTypes') }, ...DEVICE_TYPES.map((d) => ({ value: d, label: t(`enums.deviceType.${d}`) }))]}
          />
        }
      />
      {list.error && <InlineNotice tone="danger">{t('models.loadFailed', { message: list.error.message })}</InlineNotice>}
      {list.loading && !list.data ? (
        <Spinner />
      ) : (
        <Table
          label={t('models.tableLabel')}
          columns={columns}
          data={rows}
          getRowId={(m) => m.model}
          initialSort={{ id: 'model' }}
          initialPageSize={50}
          empty={<EmptyState title={t('models.empty')} />}
        />
      )}
    </Page>
  );
}
