// Steps 2 and 3: the scenario's inputs (spec §3; an empty field takes the scenario's typical value)
// and the gateway needs (clients, broadband lines, bandwidth per line, required functions).
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { GATEWAY_FUNCTIONS, type GatewayFunction, type SolutionInputValues } from '@airloom/contracts';
import { Grid, TextField } from '@airloom/shared-ui';
import type { Draft, InputField } from './draft';

const Functions = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
  label {
    display: flex;
    gap: ${({ theme }) => theme.space.xs};
    align-items: center;
  }
`;

export interface InputsStepProps {
  fields: readonly InputField[];
  values: Draft['inputs'];
  defaults: SolutionInputValues;
  /** rule keys (rules.*) by field */
  failures: Record<string, string>;
  disabled: boolean;
  onChange(field: InputField, value: string): void;
}

export function InputsStep({ fields, values, defaults, failures, disabled, onChange }: InputsStepProps) {
  const { t } = useTranslation('solutions');
  return (
    <Grid $min="200px">
      {fields.map((f) => (
        <TextField
          key={f}
          label={t(`designer.inputs.${f}`)}
          inputMode="decimal"
          value={values[f] ?? ''}
          placeholder={defaults[f] === undefined ? '' : String(defaults[f])}
          hint={defaults[f] === undefined ? undefined : t('designer.inputs.hint', { value: defaults[f] })}
          error={failures[f] ? t(failures[f]) : null}
          disabled={disabled}
          onChange={(v) => onChange(f, v)}
        />
      ))}
    </Grid>
  );
}

export interface GatewayStepProps {
  gateway: Draft['gateway'];
  failures: Record<string, string>;
  disabled: boolean;
  onChange(gateway: Draft['gateway']): void;
}

export function GatewayStep({ gateway, failures, disabled, onChange }: GatewayStepProps) {
  const { t } = useTranslation('solutions');
  const number = (field: 'clients' | 'lines' | 'bandwidthMbps', hint?: string) => (
    <TextField
      label={t(`designer.gateway.${field}`)}
      inputMode="numeric"
      value={gateway[field]}
      hint={hint}
      error={failures[field] ? t(failures[field]) : null}
      disabled={disabled}
      onChange={(v) => onChange({ ...gateway, [field]: v })}
    />
  );
  const toggle = (f: GatewayFunction, on: boolean) =>
    onChange({ ...gateway, functions: on ? [...gateway.functions, f] : gateway.functions.filter((x) => x !== f) });
  return (
    <>
      <Grid $min="200px">
        {number('clients', t('designer.gateway.clientsHint'))}
        {number('lines')}
        {number('bandwidthMbps')}
      </Grid>
      <Functions disabled={disabled}>
        <legend>{t('designer.gateway.functions')}</legend>
        {GATEWAY_FUNCTIONS.map((f) => (
          <label key={f}>
            <input type="checkbox" checked={gateway.functions.includes(f)} onChange={(e) => toggle(f, e.target.checked)} />
            {t(`enums.gatewayFunction.${f}`)}
          </label>
        ))}
      </Functions>
    </>
  );
}
