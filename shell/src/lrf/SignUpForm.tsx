// Sign-up (spec §1): account = e-mail or mobile number; "Send code", then code + password +
// confirmation (+ an optional nickname). The sign-up answer starts a session, so the new user is
// signed in and lands on the overview (or the page they came for).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authEndpoints, SignupRequestSchema, rules, type SignupRequest } from '@airloom/contracts';
import { SchemaField } from '@airloom/shared-ui';
import { publicApi } from '../shell-context';
import { CodeFlowForm } from './CodeFlowForm';

export function SignUpForm() {
  const { t } = useTranslation();
  const [nick, setNick] = useState('');
  return (
    <CodeFlowForm
      purpose="signup"
      titleId="lrf-signup-title"
      title={t('shell.lrf.signupTab')}
      passwordLabel={t('shell.lrf.password')}
      submitLabel={t('shell.lrf.signup')}
      send={(body: SignupRequest) => publicApi.call(authEndpoints.signup, { body })}
      done="signedIn"
      parse={(values) => SignupRequestSchema.safeParse({ ...values, ...(nick ? { nick } : {}) }).data ?? null}
      extraFields={(submit) => (
        <SchemaField
          schema={rules.name}
          label={t('shell.lrf.nick')}
          autoComplete="nickname"
          value={nick}
          onChange={(v) => { setNick(v); submit.clearField('nick'); }}
          serverError={submit.fields.nick}
        />
      )}
    />
  );
}
