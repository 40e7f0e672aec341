// Setting up two-factor sign-in (RFC 6238 TOTP): a new secret for the authenticator app (typed in, or
// opened through its otpauth:// link on a phone), confirmed with the app's first code; then the ten
// recovery codes, shown once. Account settings and the console's enforced setup step (a company that
// requires it) both use it, so the two cannot drift apart.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, GENERIC_MESSAGES, TwoFactorEnableRequestSchema, type TwoFactorSetup as Setup } from '@airloom/contracts';
import { ApiError, type ApiClient } from '../api/client';
import { useSchemaForm } from '../forms/use-schema-form';
import { Button } from './Button';
import { Row, Stack } from './layout';
import { InlineNotice } from './Notice';
import { TextField } from './TextField';
import { Spinner } from './display';

/** the secret in groups of four, as authenticator apps show it */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export interface TwoFactorSetupFormProps {
  api: ApiClient;
  /** the form's id, for a submit button outside it (a dialog's footer) */
  id: string;
  /** two-factor sign-in is on: the recovery codes to show once */
  onEnabled: (recoveryCodes: string[]) => void;
  /** a submit button inside the form as well */
  withSubmit?: boolean;
}

/** Asks for a new secret when shown, then confirms it with the app's code. */
export function TwoFactorSetupForm({ api, id, onEnabled, withSubmit = false }: TwoFactorSetupFormProps) {
  const { t } = useTranslation('common');
  const [setup, setSetup] = useState<Setup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm(TwoFactorEnableRequestSchema, { code: '' });
  useEffect(() => {
    let gone = false;
    api.call(API.twoFactor.setup, {}).then(
      (s) => { if (!gone) setSetup(s); },
      (err: unknown) => { if (!gone) setError(err instanceof ApiError ? err.message : GENERIC_MESSAGES.operationFailed); },
    );
    return () => { gone = true; };
  }, [api, t]);
  const submit = form.handleSubmit(async (data) => {
    try {
      const done = await api.call(API.twoFactor.enable, { body: data });
      onEnabled(done.recoveryCodes);
    } catch (err) {
      if (!form.applyServerError(err)) form.setFormError(err instanceof ApiError ? err.message : GENERIC_MESSAGES.operationFailed);
    }
  });
  if (error) return <InlineNotice tone="danger">{error}</InlineNotice>;
  if (!setup) return <Spinner />;
  return (
    <form id={id} onSubmit={submit} noValidate>
      <Stack $gap="lg">
        {form.formError && <InlineNotice tone="danger">{form.formError}</InlineNotice>}
        <p>{t('twoFactor.step1')}</p>
        <code data-testid="two-factor-secret" aria-label={t('twoFactor.secret')}>{grouped(setup.secret)}</code>
        <a href={setup.uri}>{t('twoFactor.openApp')}</a>
        <p>{t('twoFactor.step2')}</p>
        <TextField label={t('twoFactor.code')} inputMode="numeric" autoComplete="one-time-code" required {...form.field('code')} />
        {withSubmit && <Row><Button variant="primary" type="submit" busy={form.submitting}>{t('twoFactor.confirm')}</Button></Row>}
      </Stack>
    </form>
  );
}

/** The recovery codes, shown this once. */
export function TwoFactorRecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { t } = useTranslation('common');
  return (
    <InlineNotice tone="warning">
      <Stack $gap="sm">
        <span>{t('twoFactor.recoveryOnce')}</span>
        <ul aria-label={t('twoFactor.recoveryCodes')} data-testid="recovery-codes">
          {codes.map((c) => <li key={c}><code>{c}</code></li>)}
        </ul>
        <Row><Button size="sm" onClick={onSaved}>{t('twoFactor.saved')}</Button></Row>
      </Stack>
    </InlineNotice>
  );
}
