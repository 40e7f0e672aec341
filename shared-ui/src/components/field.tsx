// The frame every form control shares: label, control, hint, error message, wired for
// assistive tech (aria-invalid + aria-describedby pointing at hint and error).
import { useId, type ReactNode } from 'react';
import styled, { css } from 'styled-components';

export interface FieldFrameProps {
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  required?: boolean;
  id?: string | undefined;
  /** Renders the control with the ids it must carry. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

const Label = styled.label`
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Hint = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const ErrorText = styled.div`
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const controlStyle = css<{ $invalid?: boolean }>`
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.controlBorder)};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 7px 10px;
  min-height: 36px;
  width: 100%;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
  &:disabled { background: ${({ theme }) => theme.colors.surfaceAlt}; cursor: not-allowed; }
`;

export function FieldFrame({ label, error, hint, required, id: givenId, children }: FieldFrameProps) {
  const autoId = useId();
  const id = givenId ?? `f${autoId.replace(/:/g, '')}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Wrapper>
      <Label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </Label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Wrapper>
  );
}
