// Radio settings per access point (the `radio` configuration section): channel, width, transmit power
// and access threshold per band, as stored and where they stand on the device; edited in a dialog
// checked by the same schema the server uses (radioSectionFor the device's model).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDeviceOnline, type ConfigSection, type DeviceItem } from '@airloom/contracts';
import { CHANNELS_24, CHANNELS_5, deviceModel, radioSectionFor, WIDTHS, type RadioSection, type RadioSettings } from '@airloom/contracts/config';
import {
  ApiError,
  Button,
  Card,
  EmptyState,
  InlineNotice,
  Modal,
  Row,
  Select,
  Spinner,
  Stack,
  Table,
  TextField,
  firstFailure,
  translateFailure,
  useLoad,
  useNotice,
  type TableColumn,
} from '@airloom/shared-ui';
import type { RfApi } from './api';

interface RadioRow extends RadioSettings {
  key: string;
  device: DeviceItem;
  state: ConfigSection['state'];
}

export function RadioSettingsCard({ api, aps, mayChange }: { api: RfApi; aps: DeviceItem[]; mayChange: boolean }) {
  const { t } = useTranslation('wireless');
  const sns = aps.map((d) => d.sn).join(',');
  const sections = useLoad(async (signal) => {
    const out = new Map<string, ConfigSection>();
    for (const d of aps) out.set(d.sn, await api.section(d.sn, 'radio', signal));
    return out;
  });
  const [editing, setEditing] = useState<DeviceItem | null>(null);
  const rows = useMemo<RadioRow[]>(
    () =>
      aps.flatMap((device) => {
        const s = sections.data?.get(device.sn);
        return s ? (s.body as RadioSection).radios.map((r) => ({ ...r, key: `${device.sn}:${r.band}`, device, state: s.state })) : [];
      }),
    [sections.data, sns],
  );
  const columns = useMemo<TableColumn<RadioRow>[]>(
    () => [
      { id: 'device', header: t('rf.radios.column.device'), value: (r) => r.device.name || r.device.sn, hideable: false },
      { id: 'band', header: t('rf.radios.column.band'), value: (r) => r.band },
      { id: 'channel', header: t('rf.radios.column.channel'), value: (r) => r.channel },
      { id: 'width', header: t('rf.radios.column.width'), value: (r) => r.widthMhz, cell: (r) => t('rf.radios.widthMhz', { width: r.widthMhz }) },
      { id: 'power', header: t('rf.radios.column.power'), value: (r) => r.txPowerDbm },
      { id: 'threshold', header: t('rf.radios.column.threshold'), value: (r) => r.accessThresholdDbm },
      { id: 'state', header: t('rf.radios.column.state'), value: (r) => t(`rf.radios.state.${r.state}`) },
    ],
    [t],
  );
  if (aps.length === 0) return <Card title={t('rf.radios.title')}><EmptyState title={t('rf.radios.empty')} /></Card>;
  return (
    <Card title={t('rf.radios.title')}>
      {sections.error && <InlineNotice tone="danger">{t('rf.radios.loadFailed', { message: sections.error.message })}</InlineNotice>}
      {!sections.data ? (
        !sections.error && <Spinner />
      ) : (
        <Table
          label={t('rf.radios.tableLabel')}
          columns={columns}
          data={rows}
          getRowId={(r) => r.key}
          rowActions={(r) =>
            mayChange && r.band === (deviceModel(r.device.model)?.bands[0] ?? r.band) ? (
              <Button size="sm" onClick={() => setEditing(r.device)} disabled={!isDeviceOnline(r.device.status)} aria-label={t('rf.radios.editOf', { name: r.device.name || r.device.sn })}>
                {t('rf.radios.edit')}
              </Button>
            ) : null
          }
          empty={<EmptyState title={t('rf.radios.empty')} />}
        />
      )}
      {editing && sections.data?.get(editing.sn) && (
        <RadioDialog
          api={api}
          device={editing}
          body={sections.data.get(editing.sn)!.body as RadioSection}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            sections.reload();
          }}
        />
      )}
    </Card>
  );
}

function RadioDialog({ api, device, body, onClose, onSaved }: { api: RfApi; device: DeviceItem; body: RadioSection; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('wireless');
  const { notify } = useNotice();
  const model = deviceModel(device.model);
  const [radios, setRadios] = useState(() => body.radios.map((r) => ({ ...r, txPower: String(r.txPowerDbm), threshold: String(r.accessThresholdDbm) })));
  const [busy, setBusy] = useState(false);
  const name = device.name || device.sn;
  const next: RadioSection = { radios: radios.map(({ txPower, threshold, ...r }) => ({ ...r, txPowerDbm: Number(txPower), accessThresholdDbm: Number(threshold) })) };
  const failure = model ? firstFailure(radioSectionFor(model), next) : null;
  const problem = translateFailure(t, failure);
  const set = (i: number, patch: Partial<(typeof radios)[number]>) => setRadios(radios.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  async function save() {
    setBusy(true);
    try {
      await api.saveSection(device.sn, 'radio', next);
      notify({ tone: 'info', message: t('rf.radios.saved', { name }) });
      onSaved();
    } catch (err) {
      notify({ tone: 'danger', message: t('rf.radios.saveFailed', { message: err instanceof ApiError ? err.message : '' }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t('rf.radios.dialogTitle', { name })}
      onClose={onClose}
      footer={
        <Row>
          <Button onClick={onClose}>{t('rf.radios.cancel')}</Button>
          <Button variant="primary" onClick={() => void save()} disabled={busy || problem !== null}>
            {t('rf.radios.save')}
          </Button>
        </Row>
      }
    >
      <Stack $gap="md">
        {radios.map((r, i) => (
          <fieldset key={r.band} style={{ border: 0, padding: 0, margin: 0 }}>
            <legend>{r.band}</legend>
            <Row style={{ flexWrap: 'wrap' }}>
              <Select
                label={t('rf.radios.channel')}
                value={String(r.channel)}
                options={(r.band === '2.4GHz' ? CHANNELS_24 : CHANNELS_5).map((c) => ({ value: String(c), label: String(c) }))}
                onChange={(v) => set(i, { channel: Number(v) })}
              />
              <Select
                label={t('rf.radios.width')}
                value={String(r.widthMhz)}
                options={WIDTHS[r.band].map((w) => ({ value: String(w), label: t('rf.radios.widthMhz', { width: w }) }))}
                onChange={(v) => set(i, { widthMhz: Number(v) })}
              />
              <TextField label={t('rf.radios.power')} inputMode="numeric" value={r.txPower} onChange={(v) => set(i, { txPower: v })} />
              <TextField label={t('rf.radios.threshold')} hint={t('rf.radios.thresholdHint')} inputMode="numeric" value={r.threshold} onChange={(v) => set(i, { threshold: v })} />
            </Row>
          </fieldset>
        ))}
        {problem && (
          <InlineNotice tone="warning">
            {problem}
          </InlineNotice>
        )}
      </Stack>
    </Modal>
  );
}
