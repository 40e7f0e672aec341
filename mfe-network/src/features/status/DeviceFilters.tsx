// The list's filters: type (only the types the project holds, with their counts), online/offline,
// and a search over name, SN, MAC and IP.
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { DEVICE_TYPES, type DeviceItem, type DeviceType } from '@airloom/contracts';
import { Select, TextField, type SelectOption } from '@airloom/shared-ui';
import type { DeviceFilter } from './device-list';

const Bar = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 260px));
  gap: ${({ theme }) => theme.space.md};
  align-items: end;
`;

export interface DeviceFiltersProps {
  filter: DeviceFilter;
  onChange(filter: DeviceFilter): void;
  /** every device of the project, to offer the types it holds */
  devices: readonly DeviceItem[];
}

export function DeviceFilters({ filter, onChange, devices }: DeviceFiltersProps) {
  const { t } = useTranslation('network');
  const counts = new Map<DeviceType, number>();
  for (const d of devices) counts.set(d.type, (counts.get(d.type) ?? 0) + 1);
  // a type chosen earlier (e.g. from a link) stays offered while the project holds none of it
  const offered = DEVICE_TYPES.filter((type) => counts.has(type) || type === filter.type);
  const types: SelectOption<DeviceType | ''>[] = [
    { value: '', label: t('filter.allTypesCount', { count: devices.length }) },
    ...offered.map((type) => ({ value: type, label: t('filter.typeCount', { type: t(`enums.deviceType.${type}`), count: counts.get(type) ?? 0 }) })),
  ];
  const states: SelectOption<DeviceFilter['state']>[] = [
    { value: '', label: t('filter.allStates') },
    { value: 'online', label: t('filter.online') },
    { value: 'offline', label: t('filter.offline') },
  ];
  return (
    <Bar role="search" aria-label={t('filter.label')}>
      <Select label={t('filter.type')} options={types} value={filter.type} onChange={(type) => onChange({ ...filter, type })} />
      <Select label={t('filter.state')} options={states} value={filter.state} onChange={(state) => onChange({ ...filter, state })} />
      <TextField
        label={t('filter.search')}
        type="search"
        placeholder={t('filter.searchPlaceholder')}
        value={filter.search}
        onChange={(search) => onChange({ ...filter, search })}
      />
    </Bar>
  );
}
