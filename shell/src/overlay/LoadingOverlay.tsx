// spec §2/§4: a full-screen overlay covers everything while the state is saving, loading,
// uploading or jumping, each with its own text, and is hidden at end. Remotes drive it through
// MfeProps.setLoading; it sits above every remote and swallows clicks and keys while shown.
import { useEffect, useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import { useTranslation } from 'react-i18next';
import { isOverlayShown } from '@airloom/contracts';
import type { LoadingState } from '@airloom/contracts';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 2000; /* above dialogs (1000) and notices (1100): nothing may be clicked meanwhile */
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.colors.overlay};
  cursor: progress;
`;

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span`
  width: 22px;
  height: 22px;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) { animation-duration: 2.4s; }
`;

const Box = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  box-shadow: ${({ theme }) => theme.shadows.dialog};
`;

export function LoadingOverlay({ state }: { state: LoadingState }) {
  const { t } = useTranslation();
  const shown = isOverlayShown(state);
  const boxRef = useRef<HTMLDivElement>(null);

  // Keys must not reach the page underneath either: focus moves onto the overlay and comes back.
  useEffect(() => {
    if (!shown) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    boxRef.current?.focus();
    const swallow = (e: KeyboardEvent) => {
      if (e.key === 'Tab' || e.key === 'Enter' || e.key === ' ' || e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    document.addEventListener('keydown', swallow, true);
    return () => {
      document.removeEventListener('keydown', swallow, true);
      previous?.focus();
    };
  }, [shown]);

  return (
    // The live region stays in the page so that screen readers announce each new state.
    <div role="status" aria-live="assertive" aria-label={t('shell.overlay.label')} data-overlay-state={state}>
      {shown && (
        <Backdrop data-testid="loading-overlay" onClickCapture={(e) => { e.preventDefault(); e.stopPropagation(); }}>
          <Box ref={boxRef} tabIndex={-1} aria-busy="true">
            <Ring aria-hidden="true" />
            <span>{t(`enums.loadingState.${state}`)}</span>
          </Box>
        </Backdrop>
      )}
    </div>
  );
}
