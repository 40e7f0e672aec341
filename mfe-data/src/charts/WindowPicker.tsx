// The spec §9 windows (12 h … 30 d) as a group of toggle buttons.
import { useTranslation } from 'react-i18next';
import { STAT_WINDOWS, type StatWindow } from '@airloom/contracts';
import { Button, Row } from '@airloom/shared-ui';

export function WindowPicker({ value, onChange }: { value: StatWindow; onChange(window: StatWindow): void }) {
  const { t } = useTranslation('data');
  return (
    <Row $gap="sm" $wrap role="group" aria-label={t('charts.windows.label')}>
      {STAT_WINDOWS.map((w) => (
        <Button key={w} size="sm" variant={w === value ? 'primary' : 'secondary'} aria-pressed={w === value} onClick={() => onChange(w)}>
          {t(`charts.windows.${w}`)}
        </Button>
      ))}
    </Row>
  );
}
