import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstFailure, translateFailure, type AnySchema } from './schema-validation';

export interface SchemaFieldState {
  /** Translated message of the failing rule, once the field was blurred or validated. */
  error: string | null;
  /** Validates now and shows the result; true when valid (call it on submit). */
  validate(): boolean;
  onBlur(): void;
  /** Hides the message again (e.g. when a dialog reopens). */
  reset(): void;
}

/**
 * Validates one value against a contracts schema on blur / on demand. A message given by the
 * server (`serverError`, an i18n key from ApiError.fields) wins until the value changes.
 */
export function useSchemaField(schema: AnySchema, value: unknown, serverError?: string | null): SchemaFieldState {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const failure = useMemo(() => firstFailure(schema, value), [schema, value]);
  const validate = useCallback(() => {
    setShown(true);
    return firstFailure(schema, value) === null;
  }, [schema, value]);
  const error = serverError ? translateFailure(t, { key: serverError, params: {} }) : shown ? translateFailure(t, failure) : null;
  return { error, validate, onBlur: () => setShown(true), reset: () => setShown(false) };
}
