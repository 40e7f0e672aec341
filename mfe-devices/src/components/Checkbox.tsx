// A labelled checkbox with its message under it (aria-invalid and described by the message).
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

const Label = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 36px;
  input { width: 18px; height: 18px; margin: 0; }
  input:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;

const ErrorText = styled.div`
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  error?: string | null;
  disabled?: boolean;
}

export function Checkbox({ label, checked, onChange, error, disabled }: CheckboxProps) {
  const errorId = `cb${useId().replace(/:/g, '')}-error`;
  return (
    <div>
      <Label>
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </Label>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </div>
  );
}
