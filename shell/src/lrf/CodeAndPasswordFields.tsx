// The second step of sign-up and password reset: the code that was sent (6 digits by e-mail,
// 4 by SMS — spec §5), the password and its confirmation (both entries must match).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountKind, rules } from '@airloom/contracts';
import { SchemaField, TextField, failuresByField, translateFailure } from '@airloom/shared-ui';

export interface CodeAndPasswordValues { code: string; password: string; confirm: string }

export function CodeAndPasswordFields({
  account, values, onChange, serverErrors, passwordLabel, showAllErrors,
}: {
  account: string;
  values: CodeAndPasswordValues;
  onChange(patch: Partial<CodeAndPasswordValues>): void;
  serverErrors: Record<string, string>;
  passwordLabel: string;
  /** After a submit attempt every message shows, not only those of visited fields. */
  showAllErrors: boolean;
}) {
  const { t } = useTranslation();
  const [confirmTouched, setConfirmTouched] = useState(false);
  const sms = accountKind(account) === 'mobile';
  const pairFailure = failuresByField(rules.accountPasswordPair, { password: values.password, confirm: values.confirm }).confirm;
  const confirmServer = serverErrors.confirm ? translateFailure(t, { key: serverErrors.confirm, params: {} }) : null;
  const confirmError = confirmServer ?? ((confirmTouched || showAllErrors) && pairFailure ? translateFailure(t, pairFailure) : null);

  return (
    <>
      <SchemaField
        schema={sms ? rules.smsCode : rules.emailCode}
        label={t('shell.lrf.code')}
        hint={t(sms ? 'shell.lrf.codeHintSms' : 'shell.lrf.codeHintEmail')}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={values.code}
        onChange={(code) => onChange({ code })}
        serverError={serverErrors.code}
        required
      />
      <SchemaField
        schema={rules.accountPassword}
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(password) => onChange({ password })}
        serverError={serverErrors.password}
        required
      />
      <TextField
        label={t('shell.lrf.confirm')}
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(confirm) => onChange({ confirm })}
        onBlur={() => setConfirmTouched(true)}
        error={confirmError}
        required
      />
    </>
  );
}
