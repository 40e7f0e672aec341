// The one button. A disabled action says why (WCAG 1.3.1 / 4.1.2; docs/decisions/design-system.md):
// with `disabledReason` it stays focusable (aria-disabled, clicks ignored), the reason is its
// accessible description, and it is visible to everyone — under the button, or behind a focusable
// ⓘ toggle where space is short (table rows) — never only in a hover `title`.
import { useId, useState, type ButtonHTMLAttributes, type MouseEvent } from 'react';
import styled, { css } from 'styled-components';
import { useTranslation } from 'react-i18next';
import { popoverSurface } from './popover';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows the button busy and disables it (e.g. while saving). */
  busy?: boolean;
  ref?: React.Ref<HTMLButtonElement>;
  /** Why the action is unavailable; given with `disabled`, the button explains itself. */
  disabledReason?: string;
  /** `inline` (default): the reason in small text under the button; `info`: an ⓘ toggle beside it. */
  reasonDisplay?: 'inline' | 'info';
}

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primaryHover}; }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    border-color: ${({ theme }) => theme.colors.controlBorder};
    color: ${({ theme }) => theme.colors.text};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.surfaceAlt}; }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    border-color: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.primaryText};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.dangerHover}; }
  `,
  ghost: css`
    background: transparent;
    border-color: transparent;
    color: ${({ theme }) => theme.colors.primary};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.surfaceAlt}; }
  `,
};

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font: inherit;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  font-size: ${({ theme, $size }) => ($size === 'sm' ? theme.fontSizes.sm : theme.fontSizes.md)};
  padding: ${({ $size }) => ($size === 'sm' ? '4px 10px' : '7px 16px')};
  min-height: ${({ $size }) => ($size === 'sm' ? '28px' : '36px')};
  cursor: pointer;
  white-space: nowrap;
  ${({ $variant }) => variants[$variant]}
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
  &:disabled, &[aria-disabled='true'] { opacity: 0.55; cursor: not-allowed; }
`;

const Explained = styled.span<{ $inline: boolean }>`
  position: relative;
  display: inline-flex;
  flex-direction: ${({ $inline }) => ($inline ? 'column' : 'row')};
  align-items: ${({ $inline }) => ($inline ? 'flex-start' : 'center')};
  gap: 2px;
  max-width: 100%;
`;

const Reason = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: normal;
  max-width: ${({ theme }) => theme.sizes.tooltip};
`;

const InfoToggle = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 24px;
  min-height: 24px;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.controlBorder};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  cursor: pointer;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;

const Bubble = styled(Reason)`
  ${popoverSurface}
  right: 0;
  z-index: 20;
  width: max-content;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
`;

export function Button(props: ButtonProps) {
  return props.disabled && props.disabledReason ? <ExplainedButton {...props} disabledReason={props.disabledReason} /> : <PlainButton {...props} />;
}

function PlainButton({ variant = 'secondary', size = 'md', busy = false, type = 'button', disabled, children, disabledReason: _reason, reasonDisplay: _display, ...rest }: ButtonProps) {
  return (
    <StyledButton
      {...rest}
      type={type}
      $variant={variant}
      $size={size}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {children}
    </StyledButton>
  );
}

function ExplainedButton({ variant = 'secondary', size = 'md', type = 'button', children, disabledReason, reasonDisplay = 'inline', busy: _busy, disabled: _disabled, onClick: _onClick, ...rest }: ButtonProps & { disabledReason: string }) {
  const { t } = useTranslation('common');
  const reasonId = `why${useId().replace(/:/g, '')}`;
  const [open, setOpen] = useState(false);
  const ignore = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();
  const describedBy = [rest['aria-describedby'], reasonId].filter(Boolean).join(' ');
  return (
    <Explained $inline={reasonDisplay === 'inline'}>
      <StyledButton {...rest} type={type} $variant={variant} $size={size} aria-disabled="true" aria-describedby={describedBy} onClick={ignore}>
        {children}
      </StyledButton>
      {reasonDisplay === 'inline' ? (
        <Reason id={reasonId}>{disabledReason}</Reason>
      ) : (
        <>
          <InfoToggle
            type="button"
            aria-expanded={open}
            aria-label={t('actions.whyUnavailable')}
            onClick={() => setOpen((o) => !o)}
            onBlur={() => setOpen(false)}
            onKeyDown={(e) => { if (e.key === 'Escape') setOpen(false); }}
          >
            <span aria-hidden="true">i</span>
          </InfoToggle>
          {/* hidden until asked for; aria-describedby still reads it (accname: hidden referenced nodes count) */}
          <Bubble id={reasonId} role="note" hidden={!open}>{disabledReason}</Bubble>
        </>
      )}
    </Explained>
  );
}
