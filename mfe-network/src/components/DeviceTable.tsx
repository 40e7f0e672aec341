// The device list on the shared Table with the spec §2 columns: name, type, model, cable-free
// primary/secondary mode, management mode, software version, local IP, MAC, client access, and
// the status with its §3 text. The name opens the device's side panel.
import { useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { DeviceItem } from '@airloom/contracts';
import { Table, type TableColumn } from '@airloom/shared-ui';
import type { DeviceAction } from '../device-access';
import { shownStatus } from '../device-list';
import { DeviceActions } from './DeviceActions';
import { DeviceStatusCell, statusText } from './DeviceStatus';

const NameButton = styled.button`
  all: unset;
  cursor: pointer;
  display: flex;
  flex-direction: column;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  border-radius: ${({ theme }) => theme.radii.sm};
  &:hover span:first-child { text-decoration: underline; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  small { color: ${({ theme }) => theme.colors.textMuted}; font-weight: ${({ theme }) => theme.fontWeights.normal}; }
`;

// codes break badly at their hyphens and dots
const NoWrap = styled.span`
  white-space: nowrap;
`;

export interface DeviceTableProps {
  devices: readonly DeviceItem[];
  onOpen(device: DeviceItem): void;
  /** Row actions; absent when the project offers none (demo, read-only). */
  onAction?(action: DeviceAction, device: DeviceItem): void;
  empty: ReactNode;
}

/** The element that opened a device's panel, for focus to return to. */
export function deviceRowTarget(sn: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-device-sn=${JSON.stringify(sn)}]`);
}

export function DeviceTable({ devices, onOpen, onAction, empty }: DeviceTableProps) {
  const { t } = useTranslation('network');
  // Columns stay the same object while callbacks change: a new array would rebuild the table model.
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;

  const columns = useMemo<TableColumn<DeviceItem>[]>(
    () => [
      {
        id: 'name',
        header: t('column.name'),
        value: (d) => d.name,
        cell: (d) => (
          <NameButton type="button" data-device-sn={d.sn} aria-label={t('device.openDetails', { name: d.name })} onClick={() => onOpenRef.current(d)}>
            <span>{d.name}</span>
            <small>{d.sn}</small>
          </NameButton>
        ),
      },
      { id: 'type', header: t('column.type'), value: (d) => t(`enums.deviceType.${d.type}`) },
      { id: 'model', header: t('column.model'), value: (d) => d.model, cell: (d) => <NoWrap>{d.model}</NoWrap> },
      { id: 'meshMode', header: t('column.meshMode'), value: (d) => (d.meshMode ? t(`enums.meshNodeMode.${d.meshMode}`) : '') },
      { id: 'managementMode', header: t('column.managementMode'), value: (d) => t(`enums.managementMode.${d.managementMode}`) },
      { id: 'softwareVersion', header: t('column.softwareVersion'), value: (d) => d.softwareVersion, cell: (d) => <NoWrap>{d.softwareVersion}</NoWrap> },
      { id: 'ip', header: t('column.ip'), value: (d) => d.ip, cell: (d) => <NoWrap>{d.ip}</NoWrap> },
      { id: 'mac', header: t('column.mac'), value: (d) => d.mac, cell: (d) => <NoWrap>{d.mac}</NoWrap> },
      { id: 'clients', header: t('column.clients'), value: (d) => d.clients },
      { id: 'status', header: t('column.status'), value: (d) => statusText(t, shownStatus(d)), cell: (d) => <DeviceStatusCell device={d} /> },
    ],
    [t],
  );

  return (
    <Table
      label={t('status.tableLabel')}
      columns={columns}
      data={devices}
      getRowId={(d) => d.sn}
      searchable={false}
      initialSort={{ id: 'name' }}
      pageSizes={PAGE_SIZES}
      initialPageSize={50}
      empty={empty}
      rowActions={onAction ? (d) => <DeviceActions device={d} onAction={onAction} /> : undefined}
    />
  );
}

const PAGE_SIZES = [20, 50, 100, 500] as const;
