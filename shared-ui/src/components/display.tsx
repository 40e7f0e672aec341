// Small display parts: EmptyState, Stat, Badge, Spinner.
import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { useTranslation } from 'react-i18next';

const EmptyBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  strong { color: ${({ theme }) => theme.colors.text}; }
`;

export interface EmptyStateProps {
  /** Default: spec §8 "no available data". */
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, description, action }: EmptyStateProps) {
  const { t } = useTranslation('common');
  return (
    <EmptyBox role="status">
      <strong>{title ?? t('state.noData')}</strong>
      {description && <span>{description}</span>}
      {action}
    </EmptyBox>
  );
}

const StatBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  dd { margin: 0; font-size: ${({ theme }) => theme.fontSizes.xxl}; font-weight: ${({ theme }) => theme.fontWeights.bold}; line-height: 1.2; }
`;

export interface StatProps {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
}

/** A labelled figure; a <dl> so the label is read with its number. */
export function Stat({ label, value, hint }: StatProps) {
  return (
    <StatBox as="dl">
      <dt>{label}</dt>
      <dd>{value}</dd>
      {hint && <dt>{hint}</dt>}
    </StatBox>
  );
}

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  white-space: nowrap;
  background: ${({ theme, $tone = 'neutral' }) => theme.colors.badge[$tone].bg};
  color: ${({ theme, $tone = 'neutral' }) => theme.colors.badge[$tone].fg};
`;

/** Text for assistive tech only (does not rely on GlobalStyle being present). */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) { animation-duration: 2.4s; }
`;

export interface SpinnerProps {
  /** Accessible text; default "Loading…". */
  label?: string;
  size?: number;
}

export function Spinner({ label, size = 24 }: SpinnerProps) {
  const { t } = useTranslation('common');
  return (
    <span role="status" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Ring $size={size} aria-hidden="true" />
      <VisuallyHidden>{label ?? t('state.loading')}</VisuallyHidden>
    </span>
  );
}
