// One device's details in a side panel (640 px, spec §9): identity, the mesh backhaul of a
// secondary, radios, SSIDs and Wi-Fi clients (devices with radios only), ports as a grid with PoE
// and the PoE budget, traffic and status history. Non-modal: the list stays usable beside it. It
// follows the live row and reads the details again whenever the device reports. An offline
// device's figures are what it said last: marked "last known at …" and greyed.
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { formatCloudCode, isDeviceOnline, isOffline, type DeviceDetail, type DeviceItem } from '@airloom/contracts';
import { InlineNotice, SidePanel, Spinner, Stack } from '@airloom/shared-ui';
import type { NetworkApi } from '../../api';
import type { DeviceAction } from './device-access';
import { formatBytes, formatTime, formatUptime } from './format';
import { DeviceActions } from './DeviceActions';
import { DeviceStatusCell } from './DeviceStatus';
import { PoeBudget, PortGrid } from './PortGrid';

// what a device reported before it went away: still worth reading, visibly not current
const LastKnown = styled.div<{ $stale: boolean }>`
  ${({ $stale, theme }) => ($stale ? `color: ${theme.colors.textMuted}; opacity: 0.75;` : '')}
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: 160px 1fr;
  gap: 6px 16px;
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const SmallTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th { font-weight: ${({ theme }) => theme.fontWeights.medium}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export interface DevicePanelProps {
  device: DeviceItem;
  api: NetworkApi;
  onClose(): void;
  onAction(action: DeviceAction, device: DeviceItem): void;
  /** the project's name for a device it lists (a mesh secondary's parent) */
  nameOf(sn: string): string | undefined;
  /** more actions beside the device's own (e.g. remove from the project) */
  extraActions?: ReactNode;
}

export function DevicePanel({ device, api, onClose, onAction, nameOf, extraActions }: DevicePanelProps) {
  const { t } = useTranslation('network');
  const [detail, setDetail] = useState<DeviceDetail | null>(null);
  const [error, setError] = useState<Error | null>(null);

  // The live row changes whenever the device reports: read the telemetry again then.
  useEffect(() => {
    const controller = new AbortController();
    api.detail(device.sn, controller.signal).then(
      (d) => {
        setDetail(d);
        setError(null);
      },
      (err: unknown) => {
        if (!controller.signal.aborted) setError(err as Error);
      },
    );
    return () => controller.abort();
  }, [api, device]);

  const d = detail && detail.sn === device.sn ? detail : null;
  const offline = isOffline(device.status);
  // rebooting: the device is away for a minute; its figures are from before the restart
  const stale = offline || !isDeviceOnline(device.status);
  const lastKnown = device.lastSeenAt ? formatTime(device.lastSeenAt) : t('panel.never');

  return (
    <SidePanel
      title={`${t('panel.label')}: ${device.name}`}
      subtitle={<DeviceStatusCell device={device} />}
      closeLabel={t('panel.close')}
      onClose={onClose}
      itemKey={device.sn}
      data-testid="device-panel"
    >
      <Stack $gap="xl">
        <div>
          <DeviceActions device={device} onAction={onAction} size="md" />
          {extraActions}
        </div>
        {error && <InlineNotice tone="danger">{t('panel.loadFailed', { message: error.message })}</InlineNotice>}
        {stale && <InlineNotice tone="warning">{t(offline ? 'panel.lastKnownOffline' : 'panel.lastKnownAway', { at: lastKnown })}</InlineNotice>}
        <LastKnown $stale={stale} data-stale={stale || undefined}>
          <Section title={t('panel.identity')}>
            <Facts>
              <Fact label={t('panel.sn')} value={device.sn} />
              <Fact label={t('panel.endpointId')} value={d?.endpointId} />
              <Fact label={t('column.type')} value={t(`enums.deviceType.${device.type}`)} />
              <Fact label={t('column.model')} value={device.model} />
              {d?.reportedModel && d.reportedModel !== device.model && <Fact label={t('panel.reportedModel')} value={d.reportedModel} />}
              <Fact label={t('panel.manufacturer')} value={d?.manufacturer} />
              {d?.cloudCode && <Fact label={t('panel.cloudCode')} value={formatCloudCode(d.cloudCode)} />}
              {d?.remark && <Fact label={t('panel.remark')} value={d.remark} />}
              <Fact label={t('column.softwareVersion')} value={device.softwareVersion} />
              <Fact label={t('column.ip')} value={device.ip} />
              <Fact label={t('column.mac')} value={device.mac} />
              <Fact label={t('column.meshMode')} value={device.meshMode ? t(`enums.meshNodeMode.${device.meshMode}`) : '—'} />
              <Fact label={t('column.managementMode')} value={t(`enums.managementMode.${device.managementMode}`)} />
              <Fact label={stale ? t('panel.clientsLastKnown') : t('column.clients')} value={String(device.clients)} />
              <Fact label={stale ? t('panel.uptimeLastKnown') : t('panel.uptime')} value={device.uptime === null ? '—' : formatUptime(t, device.uptime)} />
              <Fact label={t('panel.lastSeen')} value={lastKnown} />
            </Facts>
          </Section>
          {!d && !error ? (
            <Spinner />
          ) : d ? (
            <DetailSections detail={d} nameOf={nameOf} />
          ) : null}
        </LastKnown>
      </Stack>
    </SidePanel>
  );
}

function DetailSections({ detail, nameOf }: { detail: DeviceDetail; nameOf(sn: string): string | undefined }) {
  const { t } = useTranslation('network');
  // wired-only devices (switches, cameras, recorders) have no Wi-Fi to speak of
  const wireless = detail.radios.length > 0 || detail.ssids.length > 0 || detail.wifiClients.length > 0;
  const b = detail.backhaul;
  return (
    <>
      {b && (
        <Section title={t('panel.backhaul')}>
          <Facts>
            <Fact label={t('panel.parent')} value={nameOf(b.parentSn) ? `${nameOf(b.parentSn)} (${b.parentSn})` : b.parentSn} />
            <Fact label={t('panel.hops')} value={String(b.hops)} />
            <Fact label={t('panel.signal')} value={`${b.signal} dBm`} />
            <Fact label={t('panel.rate')} value={t('panel.speed', { speed: b.rate })} />
          </Facts>
        </Section>
      )}
      {wireless && (
        <>
          <Section title={t('panel.radios')}>
            {detail.radios.length === 0 ? (
              <p>{t('panel.none')}</p>
            ) : (
              <SmallTable aria-label={t('panel.radios')}>
                <thead>
                  <tr>
                    <th scope="col">{t('panel.band')}</th>
                    <th scope="col">{t('panel.channel')}</th>
                    <th scope="col">{t('panel.power')}</th>
                    <th scope="col">{t('panel.noise')}</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.radios.map((r) => (
                    <tr key={r.band}>
                      <td>{r.band}</td>
                      <td>{r.channel}</td>
                      <td>{r.power} dBm</td>
                      <td>{r.noise} dBm</td>
                    </tr>
                  ))}
                </tbody>
              </SmallTable>
            )}
          </Section>
          <Section title={t('panel.ssids')}>{detail.ssids.length === 0 ? <p>{t('panel.none')}</p> : <p>{detail.ssids.join(', ')}</p>}</Section>
          <Section title={t('panel.wifiClients')}>
            {detail.wifiClients.length === 0 ? (
              <p>{t('panel.none')}</p>
            ) : (
              <SmallTable aria-label={t('panel.wifiClients')}>
                <thead>
                  <tr>
                    <th scope="col">{t('column.mac')}</th>
                    <th scope="col">{t('panel.signal')}</th>
                    <th scope="col">{t('panel.band')}</th>
                    <th scope="col">{t('panel.ssid')}</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.wifiClients.map((c) => (
                    <tr key={c.mac}>
                      <td>{c.mac}</td>
                      <td>{c.signal} dBm</td>
                      <td>{c.band}</td>
                      <td>{c.ssid}</td>
                    </tr>
                  ))}
                </tbody>
              </SmallTable>
            )}
          </Section>
        </>
      )}
      {detail.poe && (
        <Section title={t('panel.poe')}>
          <PoeBudget poe={detail.poe} />
        </Section>
      )}
      {detail.ports.length > 0 && (
        <Section title={t('panel.ports')}>
          <PortGrid ports={detail.ports} />
        </Section>
      )}
      <Section title={t('panel.traffic')}>
        <Facts>
          <Fact label={t('panel.sent')} value={formatBytes(detail.bytesSent)} />
          <Fact label={t('panel.received')} value={formatBytes(detail.bytesReceived)} />
        </Facts>
      </Section>
      <Section title={t('panel.history')}>
        {detail.history.length === 0 ? (
          <p>{t('panel.none')}</p>
        ) : (
          <SmallTable aria-label={t('panel.history')}>
            <tbody>
              {detail.history.map((h, i) => (
                <tr key={`${h.at}-${i}`}>
                  <td>{formatTime(h.at)}</td>
                  <td>{t(`enums.deviceStatus.${h.status}`)}</td>
                  <td>{h.reason}</td>
                </tr>
              ))}
            </tbody>
          </SmallTable>
        )}
      </Section>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string | undefined }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value ?? '…'}</dd>
    </>
  );
}
