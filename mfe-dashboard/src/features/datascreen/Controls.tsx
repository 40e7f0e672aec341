// The data screen's controls: the §9 ranges and the compared countries (at most 5; a 6th is
// refused with a sentence saying so).
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { ACTIVATION_RANGES, LIMITS, type ActivationRange } from '@airloom/contracts';
import { countryName } from './format';
import { wall } from './wall';

export const WallButton = styled.button`
  background: transparent;
  color: ${wall.text};
  border: 1px solid ${wall.border};
  border-radius: 6px;
  padding: 6px 10px;
  font: inherit;
  cursor: pointer;
  &[aria-pressed='true'] { background: ${wall.accent}; color: ${wall.background}; border-color: ${wall.accent}; }
  &:focus-visible { outline: 2px solid ${wall.accent}; outline-offset: 2px; }
`;

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  align-items: center;
`;

const Pick = styled.select`
  background: ${wall.panel};
  color: ${wall.text};
  border: 1px solid ${wall.border};
  border-radius: 6px;
  padding: 6px 8px;
  font: inherit;
`;

export function RangePicker({ range, onChange }: { range: ActivationRange; onChange(r: ActivationRange): void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Group role="group" aria-label={t('range.label')}>
      {ACTIVATION_RANGES.map((r) => (
        <WallButton key={r} aria-pressed={r === range} onClick={() => onChange(r)}>
          {t(`range.${r}`)}
        </WallButton>
      ))}
    </Group>
  );
}

export interface CountryPickerProps {
  compared: readonly string[];
  known: readonly string[];
  refused: string | null;
  onAdd(code: string): void;
  onRemove(code: string): void;
}

export function CountryPicker({ compared, known, refused, onAdd, onRemove }: CountryPickerProps) {
  const { t } = useTranslation('dashboard');
  const choices = known.filter((c) => !compared.includes(c)).sort((a, b) => countryName(a).localeCompare(countryName(b)));
  return (
    <Group role="group" aria-label={t('countries.label')}>
      <Pick aria-label={t('countries.add')} value="" onChange={(e) => onAdd(e.target.value)}>
        <option value="">{compared.length ? t('countries.add') : t('countries.all')}</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {countryName(c)}
          </option>
        ))}
      </Pick>
      {compared.map((c) => (
        <WallButton key={c} aria-label={t('countries.remove', { country: countryName(c) })} onClick={() => onRemove(c)}>
          {countryName(c)} ×
        </WallButton>
      ))}
      {refused && (
        <span role="alert" style={{ color: '#fbbf24' }}>
          {t('countries.limit', { max: LIMITS.dataScreenCountriesMax, country: countryName(refused) })}
        </span>
      )}
    </Group>
  );
}
