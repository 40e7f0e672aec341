// Sign-up (spec §1): account = e-mail or mobile number; "Send code", then code + password +
// confirmation (+ an optional nickname). Afterwards the user logs in with the new account.
import { useState } from 'react';
import { navigate } from '../routing/history';
import { useSearchParams } from '../routing/router';
import { useTranslation } from 'react-i18next';
import { SignupRequestSchema, rules } from '@airloom/contracts';
import { Button, InlineNotice, SchemaField, Stack } from '@airloom/shared-ui';
import { CodeAndPasswordFields, type CodeAndPasswordValues } from './CodeAndPasswordFields';
import type { LrfLocationState } from './LoginForm';
import { publicApi } from '../shell-context';
import { useCodeSender } from './use-code-sender';
import { useSubmit } from './use-submit';

export function CodeStepButton({ sender, account, onInvalid }: { sender: ReturnType<typeof useCodeSender>; account: string; onInvalid(): void }) {
  const { t } = useTranslation();
  return (
    <Button
      disabled={sender.wait > 0}
      busy={sender.sending}
      onClick={async () => { if (!(await sender.send(account))) onInvalid(); }}
    >
      {sender.wait > 0 ? t('shell.lrf.resendIn', { seconds: sender.wait }) : t('shell.lrf.sendCode')}
    </Button>
  );
}

export function SignUpForm() {
  const { t } = useTranslation();
  const params = useSearchParams();
  const [account, setAccount] = useState('');
  const [nick, setNick] = useState('');
  const [values, setValues] = useState<CodeAndPasswordValues>({ code: '', password: '', confirm: '' });
  const [attempted, setAttempted] = useState(false);
  const [accountTouched, setAccountTouched] = useState(0);
  const sender = useCodeSender('signup');
  const submit = useSubmit();

  const onSubmit = submit.handle(async () => {
    setAttempted(true);
    const parsed = SignupRequestSchema.safeParse({ account, ...values, ...(nick ? { nick } : {}) });
    if (!parsed.success) return;
    await publicApi.post('/auth/signup', parsed.data);
    const state: LrfLocationState = { notice: 'signedUp', account: parsed.data.account };
    navigate(`/static/lrf${params.toString() ? `?${params}` : ''}`, { state });
  });

  // An invalid account on "Send code": its rule's message, shown like a server message.
  const accountFailure = accountTouched > 0 ? rules.account.safeParse(account).error?.issues[0]?.message : undefined;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="lrf-signup-title">
      <Stack>
        <h2 id="lrf-signup-title">{t('shell.lrf.signupTab')}</h2>
        {submit.formError && <InlineNotice tone="danger">{submit.formError}</InlineNotice>}
        {sender.error && <InlineNotice tone="danger">{sender.error}</InlineNotice>}
        <SchemaField
          // remounting after an invalid "Send code" shows the account rule's message at once
          key={accountTouched}
          autoFocus={accountTouched > 0}
          schema={rules.account}
          label={t('shell.lrf.account')}
          autoComplete="username"
          value={account}
          onChange={(v) => { setAccount(v); submit.clearField('account'); }}
          serverError={submit.fields.account ?? accountFailure}
          required
        />
        <CodeStepButton sender={sender} account={account} onInvalid={() => setAccountTouched((n) => n + 1)} />
        {sender.sent && (
          <>
            <InlineNotice tone="info">{t('shell.lrf.codeSent', { account })}</InlineNotice>
            <CodeAndPasswordFields
              account={account}
              values={values}
              onChange={(patch) => { setValues((v) => ({ ...v, ...patch })); Object.keys(patch).forEach(submit.clearField); }}
              serverErrors={submit.fields}
              passwordLabel={t('shell.lrf.password')}
              showAllErrors={attempted}
            />
            <SchemaField
              schema={rules.name}
              label={t('shell.lrf.nick')}
              autoComplete="nickname"
              value={nick}
              onChange={(v) => { setNick(v); submit.clearField('nick'); }}
              serverError={submit.fields.nick}
            />
            <Button type="submit" variant="primary" busy={submit.busy}>{t('shell.lrf.signup')}</Button>
          </>
        )}
      </Stack>
    </form>
  );
}
