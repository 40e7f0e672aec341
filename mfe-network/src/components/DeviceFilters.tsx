// The list's filters: type, online/offline, and a search over name, SN, MAC and IP.
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { DEVICE_TYPES, type DeviceType } from '@airloom/contracts';
import { Select, TextField, type SelectOption } from '@airloom/shared-ui';
import type { DeviceFilter } from '../device-list';

const Bar = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 260px));
  gap: ${({ theme }) => theme.space.md};
  align-items: end;
`;

export function DeviceFilters({ filter, onChange }: { filter: DeviceFilter; onChange(filter: DeviceFilter): void }) {
  const { t } = useTranslation('network');
  const types: SelectOption<DeviceType | ''>[] = [
    { value: '', label: t('filter.allTypes') },
    ...DEVICE_TYPES.map((type) => ({ value: type, label: t(`enums.deviceType.${type}`) })),
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
