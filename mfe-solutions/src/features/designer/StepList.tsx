// The designer's steps as an ordered list of buttons: where the person is (aria-current) and which
// steps they may go back or forward to.
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

export const STEPS = ['scenario', 'inputs', 'gateway', 'recommendation', 'preview'] as const;
export type Step = (typeof STEPS)[number];

const List = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  list-style: none;
  padding: 0;
  margin: 0;
  button {
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 999px;
    padding: 4px 12px;
    background: transparent;
    color: inherit;
    cursor: pointer;
    font: inherit;
  }
  button[aria-current='step'] {
    font-weight: 700;
    border-color: currentColor;
  }
  button:disabled {
    cursor: default;
    opacity: 0.6;
  }
`;

export function StepList({ current, reachable, onSelect }: { current: Step; reachable: Record<Step, boolean>; onSelect(step: Step): void }) {
  const { t } = useTranslation('solutions');
  return (
    <nav aria-label={t('designer.steps.label')}>
      <List>
        {STEPS.map((s, i) => (
          <li key={s}>
            <button type="button" aria-current={s === current ? 'step' : undefined} disabled={s !== current && !reachable[s]} onClick={() => onSelect(s)}>
              {`${i + 1}. ${t(`designer.steps.${s}`)}`}
            </button>
          </li>
        ))}
      </List>
    </nav>
  );
}
