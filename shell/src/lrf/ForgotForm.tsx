// Forgot password: "Send code" to the account, then the code and a new password (twice).
import { useState } from 'react';
import { navigate } from '../routing/history';
import { useSearchParams } from '../routing/router';
import { useTranslation } from 'react-i18next';
import { ResetRequestSchema, rules } from '@airloom/contracts';
import { Button, InlineNotice, SchemaField, Stack } from '@airloom/shared-ui';
import { CodeAndPasswordFields, type CodeAndPasswordValues } from './CodeAndPasswordFields';
import type { LrfLocationState } from './LoginForm';
import { CodeStepButton } from './SignUpForm';
import { publicApi } from '../shell-context';
import { useCodeSender } from './use-code-sender';
import { useSubmit } from './use-submit';

export function ForgotForm() {
  const { t } = useTranslation();
  const params = useSearchParams();
  const [account, setAccount] = useState('');
  const [values, setValues] = useState<CodeAndPasswordValues>({ code: '', password: '', confirm: '' });
  const [attempted, setAttempted] = useState(false);
  const [accountTouched, setAccountTouched] = useState(0);
  const sender = useCodeSender('reset');
  const submit = useSubmit();

  const onSubmit = submit.handle(async () => {
    setAttempted(true);
    const parsed = ResetRequestSchema.safeParse({ account, ...values });
    if (!parsed.success) return;
    await publicApi.post('/auth/reset', parsed.data);
    const state: LrfLocationState = { notice: 'resetDone', account: parsed.data.account };
    navigate(`/static/lrf${params.toString() ? `?${params}` : ''}`, { state });
  });

  const accountFailure = accountTouched > 0 ? rules.account.safeParse(account).error?.issues[0]?.message : undefined;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="lrf-forgot-title">
      <Stack>
        <h2 id="lrf-forgot-title">{t('shell.lrf.forgotTab')}</h2>
        {submit.formError && <InlineNotice tone="danger">{submit.formError}</InlineNotice>}
        {sender.error && <InlineNotice tone="danger">{sender.error}</InlineNotice>}
        <SchemaField
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
              passwordLabel={t('shell.lrf.newPassword')}
              showAllErrors={attempted}
            />
            <Button type="submit" variant="primary" busy={submit.busy}>{t('shell.lrf.reset')}</Button>
          </>
        )}
      </Stack>
    </form>
  );
}
