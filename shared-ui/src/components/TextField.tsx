import type { InputHTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import { FieldFrame, controlStyle } from './field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  /** Already translated message; makes the input aria-invalid and describes it. */
  error?: string | null | undefined;
  hint?: ReactNode;
  ref?: React.Ref<HTMLInputElement>;
}

const Input = styled.input<{ $invalid?: boolean }>`
  ${controlStyle}
`;

export function TextField({ label, value, onChange, error, hint, id, required, ...rest }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} required={required}>
      {({ id: inputId, describedBy, invalid }) => (
        <Input
          {...rest}
          id={inputId}
          value={value}
          required={required}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          $invalid={invalid}
        />
      )}
    </FieldFrame>
  );
}
