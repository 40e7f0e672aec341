// Form controls bound to a path of the section being edited: the value at that path, its sentence
// under it, and disabled when the user may not change the section (the frame says why).
import { createContext, useContext, type ReactNode } from 'react';
import { InlineNotice, Select, TextField, VisuallyHidden, type SelectOption } from '@airloom/shared-ui';
import { Checkbox } from '../../components/Checkbox';
import { getAt, type Path, type SectionForm } from './section-form';

export interface BoundForm {
  form: SectionForm;
  editable: boolean;
}

export const BoundFormContext = createContext<BoundForm | null>(null);

export function useBoundForm(): BoundForm {
  const bound = useContext(BoundFormContext);
  if (!bound) throw new Error('a bound field must be inside a section editor');
  return bound;
}

interface FieldProps {
  path: Path;
  label: string;
  hint?: ReactNode;
  /** in a table row the column header says it: the label is for screen readers only */
  hiddenLabel?: boolean;
}

const shown = (label: string, hidden?: boolean): ReactNode => (hidden ? <VisuallyHidden>{label}</VisuallyHidden> : label);

/** Text; `optional`: left empty, the key is left out of the body. */
export function TextAt({ path, label, hint, hiddenLabel, optional, type }: FieldProps & { optional?: boolean; type?: 'text' | 'password' }) {
  const { form, editable } = useBoundForm();
  const value = getAt(form.values, path);
  return (
    <TextField
      label={shown(label, hiddenLabel)}
      hint={hint}
      type={type}
      autoComplete="off"
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(v) => form.set(path, optional && v === '' ? undefined : v)}
      error={form.errorAt(path)}
      disabled={!editable}
    />
  );
}

/** A number; what is not a number yet stays as typed, and the schema says what is wrong with it. */
export function NumberAt({ path, label, hint, hiddenLabel }: FieldProps) {
  const { form, editable } = useBoundForm();
  const value = getAt(form.values, path);
  return (
    <TextField
      label={shown(label, hiddenLabel)}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(v) => form.set(path, /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v)}
      error={form.errorAt(path)}
      disabled={!editable}
    />
  );
}

/** A choice; option values are strings, `numeric` stores them as numbers. */
export function SelectAt({ path, label, hint, hiddenLabel, options, numeric }: FieldProps & { options: readonly SelectOption[]; numeric?: boolean }) {
  const { form, editable } = useBoundForm();
  const value = getAt(form.values, path);
  return (
    <Select
      label={shown(label, hiddenLabel)}
      hint={hint}
      options={options}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(v) => form.set(path, numeric ? Number(v) : v)}
      error={form.errorAt(path)}
      disabled={!editable}
    />
  );
}

export function CheckAt({ path, label, hiddenLabel }: FieldProps) {
  const { form, editable } = useBoundForm();
  return <Checkbox label={shown(label, hiddenLabel)} checked={getAt(form.values, path) === true} onChange={(v) => form.set(path, v)} error={form.errorAt(path)} disabled={!editable} />;
}

/** The sentence of a rule about a whole list or the section (a count, a port that must be chosen). */
export function GroupError({ path }: { path: Path }) {
  const { form } = useBoundForm();
  const error = form.errorAt(path);
  return error ? <InlineNotice tone="danger">{error}</InlineNotice> : null;
}
