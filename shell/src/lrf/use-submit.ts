// Submitting an /auth form: busy flag, the server's field errors (ApiError.fields: field → rules.*
// key, shown by each SchemaField) and a form-level message (the catalogue text of the code).
import { useState, type FormEvent } from 'react';
import { ApiError } from '@airloom/shared-ui';

export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  function handle(run: () => Promise<void> | void) {
    return async (event?: FormEvent) => {
      event?.preventDefault();
      setFormError(null);
      setFields({});
      setBusy(true);
      try {
        await run();
      } catch (err) {
        if (err instanceof ApiError && Object.keys(err.fields).length > 0) setFields(err.fields);
        else setFormError(err instanceof Error ? err.message : String(err));
      } finally {
        setBusy(false);
      }
    };
  }

  /** A server message is about the value sent; typing in the field clears it. */
  const clearField = (name: string) => setFields((f) => (name in f ? Object.fromEntries(Object.entries(f).filter(([k]) => k !== name)) : f));

  return { busy, fields, formError, setFormError, handle, clearField };
}
