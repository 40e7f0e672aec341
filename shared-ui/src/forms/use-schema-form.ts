// A tiny form state for one object schema of contracts: values, per-field messages (after blur
// or submit), submit that only calls back with parsed data, and server field errors
// (ApiError.fields: path → rules.* key) shown next to their fields.
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../api/client';
import { failuresByField, translateFailure, type AnySchema } from './schema-validation';

type Values<S extends AnySchema> = z.input<S> & Record<string, unknown>;
type FieldName<S extends AnySchema> = Extract<keyof z.input<S>, string>;

export interface SchemaFormField<V> {
  name: string;
  value: V;
  onChange(value: V): void;
  onBlur(): void;
  error: string | null;
}

export interface SchemaForm<S extends AnySchema> {
  values: Values<S>;
  setValue<K extends FieldName<S>>(name: K, value: z.input<S>[K]): void;
  /** Props for TextField / Select: value, onChange, onBlur, error. */
  field<K extends FieldName<S>>(name: K): SchemaFormField<z.input<S>[K]>;
  /** Translated messages currently shown, by field. */
  errors: Partial<Record<FieldName<S>, string>>;
  /** A message that belongs to no field (e.g. "project is read-only"). */
  formError: string | null;
  setFormError(message: string | null): void;
  submitting: boolean;
  /** Validates everything; calls `onValid` with the parsed data only when all rules pass. */
  handleSubmit(onValid: (data: z.output<S>) => unknown | Promise<unknown>): (event?: FormEvent) => Promise<void>;
  /**
   * Puts a failed call's field errors next to their fields; anything else becomes the form
   * error. Returns true when it was handled (ApiError), false otherwise.
   */
  applyServerError(error: unknown): boolean;
  reset(values: z.input<S>): void;
}

export function useSchemaForm<S extends AnySchema>(schema: S, initialValues: z.input<S>): SchemaForm<S> {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values<S>>(initialValues as Values<S>);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const failures = useMemo(() => failuresByField(schema, values), [schema, values]);

  const errors = useMemo(() => {
    const out: Record<string, string> = {};
    const names = new Set([...Object.keys(failures), ...Object.keys(serverErrors)]);
    for (const name of names) {
      const server = serverErrors[name];
      const text = server
        ? translateFailure(t, { key: server, params: {} })
        : submitted || touched[name]
          ? translateFailure(t, failures[name])
          : null;
      if (text) out[name] = text;
    }
    return out as Partial<Record<FieldName<S>, string>>;
  }, [failures, serverErrors, submitted, touched, t]);

  const setValue = useCallback(<K extends FieldName<S>>(name: K, value: z.input<S>[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    // A server message is about the value that was sent; editing the field clears it.
    setServerErrors((prev) => {
      if (!(name in prev)) return prev;
      const next = { ...prev };
      delete next[name];
      return next;
    });
  }, []);

  const field = <K extends FieldName<S>>(name: K): SchemaFormField<z.input<S>[K]> => ({
    name,
    value: values[name] as z.input<S>[K],
    onChange: (value) => setValue(name, value),
    onBlur: () => setTouched((prev) => (prev[name] ? prev : { ...prev, [name]: true })),
    error: (errors as Record<string, string>)[name] ?? null,
  });

  const applyServerError = useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof ApiError)) return false;
      const fieldKeys = Object.entries(error.fields);
      if (fieldKeys.length > 0) {
        const mapped: Record<string, string> = {};
        for (const [path, key] of fieldKeys) mapped[path.split('.')[0] ?? path] = key;
        setServerErrors(mapped);
        setFormError(null);
      } else {
        setFormError(error.message);
      }
      return true;
    },
    [],
  );

  const handleSubmit = (onValid: (data: z.output<S>) => unknown | Promise<unknown>) => async (event?: FormEvent) => {
    event?.preventDefault();
    const formEl = event?.currentTarget instanceof HTMLFormElement ? event.currentTarget : null;
    setSubmitted(true);
    setFormError(null);
    setServerErrors({});
    const result = schema.safeParse(valuesRef.current);
    if (!result.success) {
      // Take keyboard and screen-reader users to the first field that needs fixing.
      requestAnimationFrame(() => formEl?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSubmitting(true);
    try {
      await onValid(result.data as z.output<S>);
    } finally {
      setSubmitting(false);
    }
  };

  const reset = useCallback((next: z.input<S>) => {
    setValues(next as Values<S>);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
    setFormError(null);
  }, []);

  return { values, setValue, field, errors, formError, setFormError, submitting, handleSubmit, applyServerError, reset };
}
