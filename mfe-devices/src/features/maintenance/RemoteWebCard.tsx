// Remote web management (spec §1; states of spec §3: disabled, opening "getting the address", opened,
// failed; codes 320–326 of spec §8) in a device's Maintenance tab. Open asks the device to connect out
// to the console; once it has, the link opens the device's own page in a new tab. The link is shown
// only to the person who opened it, only here (the console keeps its hash), and stops working when
// it is closed, idle, out of time, or the person's right on the project ends.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type DeviceItem, type RemoteWebLink, type RemoteWebStatus } from '@airloom/contracts';
import { ApiError, Button, Card, InlineNotice, Row, Stack, refusalText, useCan, useLoad, useMfe, type ProjectRef } from '@airloom/shared-ui';
import { createRemoteWebApi } from './remote-web-api';

/** how often the card asks while the device is getting the address */
export const REMOTE_WEB_POLL_MS = 1000;

export function RemoteWebCard({ project, device }: { project: ProjectRef; device: DeviceItem }) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const api = useMemo(() => createRemoteWebApi(mfe.api, project.id), [mfe.api, project.id]);
  const allowed = useCan('device.remoteWeb', device);
  const loaded = useLoad((signal) => api.status(device.sn, signal));
  const [status, setStatus] = useState<RemoteWebStatus | null>(null);
  const [link, setLink] = useState<RemoteWebLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = status ?? loaded.data ?? null;
  const state = current?.state ?? 'disabled';

  // getting the address: ask until the device has connected or it failed
  useEffect(() => {
    if (state !== 'opening') return;
    const timer = setInterval(() => {
      api.status(device.sn).then(setStatus, () => undefined);
    }, REMOTE_WEB_POLL_MS);
    return () => clearInterval(timer);
  }, [api, device.sn, state]);

  async function open() {
    setBusy(true);
    setError(null);
    try {
      const operation = await api.open(device.sn);
      setLink(operation.remoteWeb ?? null);
      setStatus({ state: 'opening', operationId: operation.id, expiresAt: operation.remoteWeb?.expiresAt ?? null, code: null });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('errors.generic.operationFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function close() {
    setBusy(true);
    try {
      setStatus(await api.close(device.sn));
      setLink(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('errors.generic.operationFailed'));
    } finally {
      setBusy(false);
    }
  }

  // the link came with this page's Open; after a reload it is gone (only its hash is kept): open again
  const usable = state === 'opened' && link !== null;
  return (
    <Card title={t('remoteWeb.title')} data-maintenance="remote-web">
      <Stack $gap="sm">
        <p>{t('remoteWeb.description')}</p>
        <p role="status" aria-live="polite" data-remote-web={state}>
          {state === 'failed' ? t('remoteWeb.state.failed', { message: errorMessage(current?.code ?? 320) }) : t(`remoteWeb.state.${state}`)}
        </p>
        {state === 'disabled' && current?.code != null && <InlineNotice tone="info">{t('remoteWeb.closed', { message: errorMessage(current.code) })}</InlineNotice>}
        {error && <InlineNotice tone="danger">{error}</InlineNotice>}
        {usable && (
          <Stack $gap="xs">
            <Row $gap="sm" $wrap>
              <a href={link.url} target="_blank" rel="noopener noreferrer" data-testid="remote-web-link">
                {t('remoteWeb.link')}
              </a>
            </Row>
            <small>{t('remoteWeb.linkHint')}</small>
            <small>{t('remoteWeb.expires', { time: new Date(link.expiresAt).toLocaleTimeString() })}</small>
          </Stack>
        )}
        {!allowed.ok ? (
          <InlineNotice tone="info">{t('remoteWeb.notNow', { reason: refusalText(allowed.code) })}</InlineNotice>
        ) : (
          <Row $gap="sm">
            {state !== 'opening' && (!usable || state !== 'opened') && (
              <Button variant="primary" disabled={busy} onClick={() => void open()}>
                {state === 'opened' || state === 'failed' ? t('remoteWeb.openAgain') : t('remoteWeb.open')}
              </Button>
            )}
            {(state === 'opened' || state === 'opening') && (
              <Button disabled={busy} onClick={() => void close()}>
                {t('remoteWeb.close')}
              </Button>
            )}
          </Row>
        )}
      </Stack>
    </Card>
  );
}
