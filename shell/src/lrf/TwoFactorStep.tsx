// The second step of a login for an account with two-factor sign-in: the code from the authenticator
// app, or a recovery code. A chunk of its own, with its texts: the login page does not carry it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authEndpoints, TwoFactorLoginRequestSchema } from '@airloom/contracts';
import { addResources, Button, InlineNotice, SchemaField, Stack } from '@airloom/shared-ui';
import { publicApi } from '../shell-context';
import { useSubmit } from './use-submit';

addResources('shell', {
  lrf2fa: {
    title: 'Two-factor sign-in',
    explain: 'Enter the 6-digit code your authenticator app shows for Airloom, or one of your recovery codes.',
    code: 'Code',
    submit: 'Sign in',
    back: 'Use another account',
  },
});

export function TwoFactorStep({ challenge, onDone, onBack }: { challenge: string; onDone: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const submit = useSubmit();
  const onSubmit = submit.handle(async () => {
    const parsed = TwoFactorLoginRequestSchema.safeParse({ challenge, code });
    if (!parsed.success) return; // the field shows its rule's message
    await publicApi.call(authEndpoints.loginTwoFactor, { body: parsed.data });
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="lrf-2fa-title">
      <Stack>
        <h2 id="lrf-2fa-title">{t('shell.lrf2fa.title')}</h2>
        <p>{t('shell.lrf2fa.explain')}</p>
        {submit.formError && <InlineNotice tone="danger">{submit.formError}</InlineNotice>}
        <SchemaField
          schema={TwoFactorLoginRequestSchema.shape.code}
          label={t('shell.lrf2fa.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(v) => { setCode(v); submit.clearField('code'); }}
          serverError={submit.fields.code}
          required
        />
        <Button type="submit" variant="primary" busy={submit.busy}>{t('shell.lrf2fa.submit')}</Button>
        <Button type="button" variant="ghost" onClick={onBack}>{t('shell.lrf2fa.back')}</Button>
      </Stack>
    </form>
  );
}
