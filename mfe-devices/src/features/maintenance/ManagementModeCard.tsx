// Who manages the device's settings (spec §3 management mode: cloud, local), in its Maintenance tab.
// Handing it to local management asks first (the console then refuses every change of the device,
// 76); taking it back does too (the console's settings are sent to it again). The shell's entry
// route /static/transferToLocalDev leads here (docs/decisions/maintenance.md).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceItem, type ManagementModeRequest } from '@airloom/contracts';
import { ApiError, Button, Card, ConfirmDialog, InlineNotice, Row, Stack, refusalText, useCan, useMfe, type ProjectRef } from '@airloom/shared-ui';
import { createRebootScheduleApi } from './reboot-schedule-api';

export function ManagementModeCard({ project, device }: { project: ProjectRef; device: DeviceItem }) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const api = useMemo(() => createRebootScheduleApi(mfe.api, project.id), [mfe.api, project.id]);
  // what this page changed it to, until the device's own record (live) says otherwise
  const [changed, setChanged] = useState<{ from: DeviceItem['managementMode']; to: DeviceItem['managementMode'] } | null>(null);
  const [asking, setAsking] = useState<ManagementModeRequest['mode'] | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  // local mode must not stop the way back to the cloud: asked as if the device were cloud-managed
  const allowed = useCan('device.configure', { ...device, managementMode: 'cloud' });
  const current = changed && changed.from === device.managementMode ? changed.to : device.managementMode;

  async function change(next: ManagementModeRequest['mode']) {
    setBusy(true);
    setNotice(null);
    try {
      const result = await api.setManagementMode(device.sn, { mode: next });
      setChanged({ from: device.managementMode, to: result.managementMode });
      setNotice({ tone: 'success', text: t(`managementMode.done.${result.managementMode}`) });
    } catch (err) {
      setNotice({ tone: 'danger', text: t('managementMode.failed', { message: err instanceof ApiError ? err.message : t('errors.generic.operationFailed') }) });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  return (
    <Card title={t('managementMode.title')} data-maintenance="management-mode">
      <Stack $gap="sm">
        <p data-testid="management-mode">{t('managementMode.now', { mode: t(`enums.managementMode.${current}`) })}</p>
        <p>{t(`managementMode.explain.${current}`)}</p>
        {notice && <InlineNotice tone={notice.tone}>{notice.text}</InlineNotice>}
        {!allowed.ok ? (
          <InlineNotice tone="info">{t('managementMode.notNow', { reason: refusalText(allowed.code) })}</InlineNotice>
        ) : current === 'cloud' ? (
          <Row>
            <Button disabled={busy} onClick={() => setAsking('local')}>
              {t('managementMode.toLocal')}
            </Button>
          </Row>
        ) : current === 'local' ? (
          <Row>
            <Button variant="primary" disabled={busy} onClick={() => setAsking('cloud')}>
              {t('managementMode.toCloud')}
            </Button>
          </Row>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`managementMode.confirmTitle.${asking}`) : undefined}
        message={asking ? t(`managementMode.confirm.${asking}`) : ''}
        confirmLabel={asking ? t(`managementMode.confirmLabel.${asking}`) : undefined}
        danger={false}
        busy={busy}
        onConfirm={() => asking && void change(asking)}
        onCancel={() => setAsking(null)}
      />
    </Card>
  );
}
