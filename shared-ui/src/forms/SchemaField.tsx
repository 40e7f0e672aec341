// A text field bound to a contracts schema. Validates on blur and when its form is submitted.
import { useEffect, useRef, type ReactNode } from 'react';
import { TextField, type TextFieldProps } from '../components/TextField';
import { useSchemaField } from './use-schema-field';
import type { AnySchema } from './schema-validation';

export interface SchemaFieldProps extends Omit<TextFieldProps, 'error' | 'onBlur'> {
  schema: AnySchema;
  label: ReactNode;
  /** An i18n key from the server (ApiError.fields) for this field. */
  serverError?: string | null;
  onBlur?(): void;
}

export function SchemaField({ schema, value, serverError, onBlur, ...rest }: SchemaFieldProps) {
  const field = useSchemaField(schema, value, serverError);
  const inputRef = useRef<HTMLInputElement>(null);
  const validateRef = useRef(field.validate);
  validateRef.current = field.validate;

  // Show the message on submit too: listen on the enclosing <form>, in capture so it runs
  // before the form's own handler decides anything.
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const onSubmit = () => validateRef.current();
    form.addEventListener('submit', onSubmit, true);
    return () => form.removeEventListener('submit', onSubmit, true);
  }, []);

  return (
    <TextField
      {...rest}
      ref={inputRef}
      value={value}
      error={field.error}
      onBlur={() => {
        field.onBlur();
        onBlur?.();
      }}
    />
  );
}
