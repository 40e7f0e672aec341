// One device's details in a side panel (640 px, spec §9): identity, radios, SSIDs, Wi-Fi clients,
// ports, traffic and status history. Non-modal: the list stays usable beside it. It follows the
// live row and reads the details again whenever the device reports.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { DeviceDetail, DeviceItem } from '@airloom/contracts';
import { CloseButton, InlineNotice, Spinner, Stack } from '@airloom/shared-ui';
import type { NetworkApi } from '../api';
import type { DeviceAction } from '../device-access';
import { formatBytes, formatTime, formatUptime } from '../format';
import { DeviceActions } from './DeviceActions';
import { DeviceStatusCell } from './DeviceStatus';

const Aside = styled.aside`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  z-index: ${({ theme }) => theme.zIndex.dialog - 100};
  width: ${({ theme }) => theme.sizes.panel};
  max-width: 100vw;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-left: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.dialog};
  &:focus { outline: none; }
`;

const Header = styled.header`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.xl}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 { margin: 0 0 4px; font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: ${({ theme }) => theme.fontWeights.bold}; overflow-wrap: anywhere; }
`;

const Body = styled.div`
  flex: 1;
  overflow: auto;
  padding: ${({ theme }) => theme.space.xl};
  h3 { margin: 0 0 ${({ theme }) => theme.space.sm}; font-size: ${({ theme }) => theme.fontSizes.md}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
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
}

export function DevicePanel({ device, api, onClose, onAction }: DevicePanelProps) {
  const { t } = useTranslation('network');
  const titleId = `dp${useId().replace(/:/g, '')}`;
  const closeRef = useRef<HTMLButtonElement>(null);
  const [detail, setDetail] = useState<DeviceDetail | null>(null);
  const [error, setError] = useState<Error | null>(null);

  useEffect(() => {
    closeRef.current?.focus();
  }, [device.sn]);

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

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  }

  const d = detail && detail.sn === device.sn ? detail : null;

  return (
    <Aside role="complementary" aria-labelledby={titleId} onKeyDown={onKeyDown} data-testid="device-panel">
      <Header>
        <div>
          <h2 id={titleId}>{t('panel.label')}: {device.name}</h2>
          <DeviceStatusCell device={device} />
        </div>
        <CloseButton ref={closeRef} type="button" aria-label={t('panel.close')} onClick={onClose}>
          ×
        </CloseButton>
      </Header>
      <Body>
        <Stack $gap="xl">
          <DeviceActions device={device} onAction={onAction} size="md" />
          {error && <InlineNotice tone="danger">{t('panel.loadFailed', { message: error.message })}</InlineNotice>}
          <Section title={t('panel.identity')}>
            <Facts>
              <Fact label={t('panel.sn')} value={device.sn} />
              <Fact label={t('panel.endpointId')} value={d?.endpointId} />
              <Fact label={t('column.type')} value={t(`enums.deviceType.${device.type}`)} />
              <Fact label={t('column.model')} value={device.model} />
              <Fact label={t('panel.manufacturer')} value={d?.manufacturer} />
              <Fact label={t('column.softwareVersion')} value={device.softwareVersion} />
              <Fact label={t('column.ip')} value={device.ip} />
              <Fact label={t('column.mac')} value={device.mac} />
              <Fact label={t('column.meshMode')} value={device.meshMode ? t(`enums.meshNodeMode.${device.meshMode}`) : '—'} />
              <Fact label={t('column.managementMode')} value={t(`enums.managementMode.${device.managementMode}`)} />
              <Fact label={t('column.clients')} value={String(device.clients)} />
              <Fact label={t('panel.uptime')} value={device.uptime === null ? '—' : formatUptime(t, device.uptime)} />
              <Fact label={t('panel.lastSeen')} value={device.lastSeenAt ? formatTime(device.lastSeenAt) : t('panel.never')} />
            </Facts>
          </Section>
          {!d && !error ? (
            <Spinner />
          ) : d ? (
            <DetailSections detail={d} />
          ) : null}
        </Stack>
      </Body>
    </Aside>
  );
}

function DetailSections({ detail }: { detail: DeviceDetail }) {
  const { t } = useTranslation('network');
  return (
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
                  <td>{r.power} %</td>
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
      <Section title={t('panel.ports')}>
        {detail.ports.length === 0 ? (
          <p>{t('panel.none')}</p>
        ) : (
          <SmallTable aria-label={t('panel.ports')}>
            <thead>
              <tr>
                <th scope="col">{t('panel.port')}</th>
                <th scope="col">{t('panel.link')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.ports.map((p) => (
                <tr key={p.name}>
                  <td>{p.name}</td>
                  <td>{p.up ? `${t('panel.up')} · ${t('panel.speed', { speed: p.speed })}` : t('panel.down')}</td>
                </tr>
              ))}
            </tbody>
          </SmallTable>
        )}
      </Section>
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
