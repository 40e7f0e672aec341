// Whether the page is receiving live updates (connected / reconnecting).
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { LiveState } from '@airloom/shared-ui';

const Pill = styled.span<{ $live: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: ${({ theme, $live }) => ($live ? theme.colors.success : theme.colors.warning)};
  }
`;

export function LiveIndicator({ state }: { state: LiveState }) {
  const { t } = useTranslation('network');
  const text = t(`live.${state}`);
  return (
    <Pill $live={state === 'live'} role="status" aria-label={t('live.label', { state: text })} data-live={state}>
      {text}
    </Pill>
  );
}
