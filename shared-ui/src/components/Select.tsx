import type { ReactNode, SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { FieldFrame, controlStyle } from './field';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface SelectProps<V extends string = string>
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: V;
  options: readonly SelectOption<V>[];
  onChange(value: V): void;
  error?: string | null | undefined;
  hint?: ReactNode;
  /** A first, empty choice (e.g. "choose…"), value ''. */
  placeholder?: string;
}

const NativeSelect = styled.select<{ $invalid?: boolean }>`
  ${controlStyle}
  padding-right: 28px;
`;

/** A native select: keyboard and screen-reader behaviour come for free. */
export function Select<V extends string = string>({ label, value, options, onChange, error, hint, id, required, placeholder, ...rest }: SelectProps<V>) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} required={required}>
      {({ id: selectId, describedBy, invalid }) => (
        <NativeSelect
          {...rest}
          id={selectId}
          value={value}
          required={required}
          onChange={(e) => onChange(e.target.value as V)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          $invalid={invalid}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FieldFrame>
  );
}
