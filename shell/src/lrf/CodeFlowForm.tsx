// The two code flows of the login page, sign-up and forgot password, have one shape: the account,
// "Send code", then the code and a password twice (plus the flow's own fields), posted to the
// server. Afterwards `done` says where to go: sign-up has started a session (the server sets the
// cookie), so the new user goes straight into the console; a password reset goes back to the login
// tab with a notice and the account filled in.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { rules } from '@airloom/contracts';
import { Button, InlineNotice, SchemaField, Stack } from '@airloom/shared-ui';
import { navigate } from '@airloom/shared-ui';
import { useSearchParams } from '@airloom/shared-ui';
import { CodeAndPasswordFields, type CodeAndPasswordValues } from './CodeAndPasswordFields';
import { forgetOtherAccount, type LrfLocationState, type LrfNotice } from './LoginForm';
import { safeNextPath } from './next-path';
import { useCodeSender } from './use-code-sender';
import { useSubmit } from './use-submit';

type Submit = ReturnType<typeof useSubmit>;

export interface CodeFlowFormProps<Request extends { account: string }> {
  purpose: 'signup' | 'reset';
  titleId: string;
  title: string;
  passwordLabel: string;
  submitLabel: string;
  /** The request from the form's values, validated with the contracts schema; null when invalid. */
  parse(values: { account: string } & CodeAndPasswordValues): Request | null;
  /** Posts the request to the flow's endpoint. */
  send(request: Request): Promise<unknown>;
  /** Afterwards: the login tab with this notice, or `signedIn` — into the console, at `?next=` or the landing. */
  done: LrfNotice | 'signedIn';
  /** The flow's own fields, after the password. */
  extraFields?(submit: Submit): ReactNode;
}

function CodeStepButton({ sender, account, onInvalid }: { sender: ReturnType<typeof useCodeSender>; account: string; onInvalid(): void }) {
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

export function CodeFlowForm<Request extends { account: string }>(props: CodeFlowFormProps<Request>) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [account, setAccount] = useState('');
  const [values, setValues] = useState<CodeAndPasswordValues>({ code: '', password: '', confirm: '' });
  const [attempted, setAttempted] = useState(false);
  const [accountTouched, setAccountTouched] = useState(0);
  const sender = useCodeSender(props.purpose);
  const submit = useSubmit();

  const onSubmit = submit.handle(async () => {
    setAttempted(true);
    const request = props.parse({ account, ...values });
    if (!request) return;
    await props.send(request);
    if (props.done === 'signedIn') {
      forgetOtherAccount(request.account);
      navigate(safeNextPath(params.get('next')), { replace: true });
      return;
    }
    const state: LrfLocationState = { notice: props.done, account: request.account };
    navigate(`/static/lrf${params.toString() ? `?${params}` : ''}`, { state });
  });

  // An invalid account on "Send code": its rule's message, shown like a server message.
  const accountFailure = accountTouched > 0 ? rules.account.safeParse(account).error?.issues[0]?.message : undefined;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={props.titleId}>
      <Stack>
        <h2 id={props.titleId}>{props.title}</h2>
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
              passwordLabel={props.passwordLabel}
              showAllErrors={attempted}
            />
            {props.extraFields?.(submit)}
            <Button type="submit" variant="primary" busy={submit.busy}>{props.submitLabel}</Button>
          </>
        )}
      </Stack>
    </form>
  );
}
