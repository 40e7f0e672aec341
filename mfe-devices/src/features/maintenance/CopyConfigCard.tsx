// Copy configuration (spec §1 "copy configuration from a similar device"), in a device's Maintenance
// tab: another device of the same model in the project gives this one its settings (the
// configuration engine stores each as a new desired version). Asks first, naming what is replaced;
// refusals (another model 915, offline 36, local mode 76) are the server's sentence.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, CopyConfigRequestSchema, type DeviceItem } from '@airloom/contracts';
import { ApiError, Button, Card, ConfirmDialog, InlineNotice, Row, Select, Stack, refusalText, useCan, useLoad, useMfe, type ProjectRef } from '@airloom/shared-ui';
import { deviceLabel } from '../config/device-name';

export function CopyConfigCard({ project, device }: { project: ProjectRef; device: DeviceItem }) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const api = useMemo(
    () => ({
      devices: (signal?: AbortSignal) => mfe.api.call(API.devices.list, { params: { id: project.id }, signal }),
      copy: (from: string) => mfe.api.call(API.deviceOps.copyConfig, { params: { id: project.id, sn: device.sn }, body: { from } }),
    }),
    [mfe.api, project.id, device.sn],
  );
  const allowed = useCan('device.configure', device);
  const list = useLoad((signal) => api.devices(signal));
  // only the same model can give its settings (915 otherwise): the others are not offered
  const sources = useMemo(() => (list.data?.items ?? []).filter((d) => d.sn !== device.sn && d.model === device.model), [list.data, device.sn, device.model]);
  const [from, setFrom] = useState('');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const name = deviceLabel(device);
  const source = sources.find((d) => d.sn === from);

  async function copy() {
    const parsed = CopyConfigRequestSchema.safeParse({ from });
    if (!parsed.success) return;
    setBusy(true);
    setNotice(null);
    try {
      const result = await api.copy(parsed.data.from);
      const label = source ? deviceLabel(source) : result.from;
      setNotice({
        tone: 'success',
        text: result.sections.length === 0 ? t('copyConfig.doneNothing', { from: label }) : t('copyConfig.done', { from: label, count: result.sections.length, sections: result.sections.join(', ') }),
      });
    } catch (err) {
      setNotice({ tone: 'danger', text: t('copyConfig.refused', { message: err instanceof ApiError ? err.message : t('errors.generic.operationFailed') }) });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <Card title={t('copyConfig.title')} data-maintenance="copy-config">
      <Stack $gap="sm">
        <p>{t('copyConfig.description', { model: device.model })}</p>
        {notice && <InlineNotice tone={notice.tone}>{notice.text}</InlineNotice>}
        {!allowed.ok ? (
          <InlineNotice tone="info">{t('copyConfig.notNow', { reason: refusalText(allowed.code) })}</InlineNotice>
        ) : list.data && sources.length === 0 ? (
          <p>{t('copyConfig.none', { model: device.model })}</p>
        ) : (
          sources.length > 0 && (
            <Row $gap="sm" $wrap>
              <Select label={t('copyConfig.from')} value={from} placeholder={t('copyConfig.choose')} options={sources.map((d) => ({ value: d.sn, label: `${deviceLabel(d)} (${d.sn})` }))} onChange={setFrom} />
              <Button disabled={busy || !source} onClick={() => setAsking(true)}>
                {t('copyConfig.action')}
              </Button>
            </Row>
          )
        )}
      </Stack>
      <ConfirmDialog
        open={asking}
        title={t('copyConfig.confirmTitle', { name })}
        message={t('copyConfig.confirm', { name, from: source ? deviceLabel(source) : from })}
        confirmLabel={t('copyConfig.confirmLabel')}
        danger
        busy={busy}
        onConfirm={() => void copy()}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}
