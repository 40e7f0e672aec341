// The device list on the shared Table with the spec §2 columns: name, type, model, cable-free
// primary/secondary mode, management mode, software version, local IP, MAC, client access, and
// the status with its §3 text. The name opens the device's side panel.
// At 1280×800 the status and the actions must stay in view: the name column and the actions stay
// put while the rest scrolls, the status comes right after the name, MAC and management mode are
// hidden until the user shows them (the choice is kept per account, spec §3), and the cable-free
// mode is offered in MESH projects only.
import { useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { NetMode, type DeviceItem } from '@airloom/contracts';
import { Table, useTableColumns, type TableColumn, type TableSort } from '@airloom/shared-ui';
import type { DeviceAction } from './device-access';
import { shownStatus } from './device-list';
import { DeviceActions } from './DeviceActions';
import { DeviceStatusCell, statusText } from './DeviceStatus';

const NameButton = styled.button`
  all: unset;
  cursor: pointer;
  display: flex;
  flex-direction: column;
  white-space: nowrap;
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
  /** spec §3 project netMode: the cable-free (mesh) column only in MESH projects */
  netMode: number;
  sort: TableSort;
  onSortChange(sort: TableSort): void;
  onOpen(device: DeviceItem): void;
  /** Row actions; absent when the project offers none. */
  onAction?(action: DeviceAction, device: DeviceItem): void;
  empty: ReactNode;
}

/** The element that opened a device's panel, for focus to return to. */
export function deviceRowTarget(sn: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-device-sn=${JSON.stringify(sn)}]`);
}

/** Column ids the list may be sorted by (the address keeps one of them). */
export const SORTABLE_COLUMNS = ['name', 'status', 'type', 'model', 'clients', 'ip', 'meshMode', 'softwareVersion', 'managementMode', 'mac'] as const;

export function DeviceTable({ devices, netMode, sort, onSortChange, onOpen, onAction, empty }: DeviceTableProps) {
  const { t } = useTranslation('network');
  const chooser = useTableColumns('network.devices');
  // Columns stay the same object while callbacks change: a new array would rebuild the table model.
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  const mesh = netMode === NetMode.MESH;

  const columns = useMemo<TableColumn<DeviceItem>[]>(
    () => [
      {
        id: 'name',
        header: t('column.name'),
        value: (d) => d.name,
        hideable: false,
        // the accessible name starts with what is visible (name and SN), then says what it does
        cell: (d) => (
          <NameButton type="button" data-device-sn={d.sn} aria-label={t('device.openDetails', { name: d.name, sn: d.sn })} onClick={() => onOpenRef.current(d)}>
            <span>{d.name}</span> <small>{d.sn}</small>
          </NameButton>
        ),
      },
      { id: 'status', header: t('column.status'), value: (d) => statusText(t, shownStatus(d)), cell: (d) => <DeviceStatusCell device={d} /> },
      { id: 'type', header: t('column.type'), value: (d) => t(`enums.deviceType.${d.type}`) },
      // in a mesh, primary or secondary matters as much as the type
      ...(mesh ? [{ id: 'meshMode', header: t('column.meshMode'), value: (d: DeviceItem) => (d.meshMode ? t(`enums.meshNodeMode.${d.meshMode}`) : '') }] : []),
      { id: 'model', header: t('column.model'), value: (d) => d.model, cell: (d) => <NoWrap>{d.model}</NoWrap> },
      { id: 'clients', header: t('column.clients'), value: (d) => d.clients },
      { id: 'ip', header: t('column.ip'), value: (d) => d.ip, cell: (d) => <NoWrap>{d.ip}</NoWrap> },
      { id: 'softwareVersion', header: t('column.softwareVersion'), value: (d) => d.softwareVersion, cell: (d) => <NoWrap>{d.softwareVersion}</NoWrap> },
      { id: 'managementMode', header: t('column.managementMode'), value: (d) => t(`enums.managementMode.${d.managementMode}`), defaultHidden: true },
      { id: 'mac', header: t('column.mac'), value: (d) => d.mac, cell: (d) => <NoWrap>{d.mac}</NoWrap>, defaultHidden: true },
    ],
    [t, mesh],
  );
  // spec §3 mesh: the primary is what the others hang from, so it leads the list whatever the sort
  const pinned = useMemo(() => (mesh ? devices.filter((d) => d.meshMode === 'primary').map((d) => d.sn) : []), [mesh, devices]);

  return (
    <Table
      label={t('status.tableLabel')}
      columns={columns}
      data={devices}
      getRowId={(d) => d.sn}
      searchable={false}
      sort={sort}
      onSortChange={(next) => onSortChange(next ?? sort)}
      columnChooser={chooser}
      pinnedRowIds={pinned}
      pageSizes={PAGE_SIZES}
      initialPageSize={50}
      empty={empty}
      rowActions={onAction ? (d) => <DeviceActions device={d} onAction={onAction} /> : undefined}
    />
  );
}

const PAGE_SIZES = [20, 50, 100, 500] as const;
