// Log in with e-mail or mobile number and password; afterwards the page the user came for.
import { lazy, Suspense, useEffect, useState } from 'react';
import { navigate } from '@airloom/shared-ui';
import { useLocation, useSearchParams } from '@airloom/shared-ui';
import { useTranslation } from 'react-i18next';
import { authEndpoints, LoginRequestSchema, oidcEndpoints, rules } from '@airloom/contracts';
import { Button, InlineNotice, SchemaField, Stack } from '@airloom/shared-ui';
import { clientStorage, publicApi } from '../shell-context';
import { shellStore } from '../state/shell-store';
import { safeNextPath } from './next-path';
import { useSubmit } from './use-submit';

// only accounts with two-factor sign-in need the second step: it is not part of the login page
const TwoFactorStep = lazy(() => import('./TwoFactorStep').then((m) => ({ default: m.TwoFactorStep })));

export type LrfNotice = 'resetDone' | 'loggedOut';
export interface LrfLocationState { notice?: LrfNotice; account?: string }

/** A different account in this tab must not inherit the previous account's project. */
export function forgetOtherAccount(account: string | null): void {
  if (account === null || clientStorage.getLastAccount() !== account) clientStorage.clearProject();
  shellStore.setState({ session: null, project: clientStorage.getProject() });
}

export function LoginForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const state = (useLocation().state as LrfLocationState | null) ?? {};
  const [account, setAccount] = useState(state.account ?? clientStorage.getLastAccount() ?? '');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<{ token: string; account: string } | null>(null);
  const [provider, setProvider] = useState<string | null>(null);
  const submit = useSubmit();
  // a sign-in provider is offered only when the server has one configured
  useEffect(() => {
    const ask = new AbortController();
    publicApi.call(oidcEndpoints.providers, { signal: ask.signal }).then((p) => setProvider(p.oidc?.name ?? null), () => setProvider(null));
    return () => ask.abort();
  }, []);
  const next = safeNextPath(params.get('next'));

  const signedIn = (who: string) => {
    forgetOtherAccount(who);
    navigate(safeNextPath(params.get('next')), { replace: true });
  };
  const onSubmit = submit.handle(async () => {
    const parsed = LoginRequestSchema.safeParse({ account, password });
    if (!parsed.success) return; // each field shows its rule's message
    const answer = await publicApi.call(authEndpoints.login, { body: parsed.data });
    if ('twoFactor' in answer) setChallenge({ token: answer.challenge, account: parsed.data.account });
    else signedIn(parsed.data.account);
  });

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <TwoFactorStep challenge={challenge.token} onDone={() => signedIn(challenge.account)} onBack={() => { setChallenge(null); setPassword(''); }} />
      </Suspense>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="lrf-login-title">
      <Stack>
        <h2 id="lrf-login-title">{t('shell.lrf.loginTab')}</h2>
        {state.notice && <InlineNotice tone="success">{t(`shell.lrf.${state.notice}`)}</InlineNotice>}
        {submit.formError && <InlineNotice tone="danger">{submit.formError}</InlineNotice>}
        <SchemaField
          schema={rules.account}
          label={t('shell.lrf.account')}
          autoComplete="username"
          value={account}
          onChange={(v) => { setAccount(v); submit.clearField('account'); }}
          serverError={submit.fields.account}
          required
        />
        <SchemaField
          schema={rules.accountPassword}
          label={t('shell.lrf.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(v) => { setPassword(v); submit.clearField('password'); }}
          serverError={submit.fields.password}
          required
        />
        <Button type="submit" variant="primary" busy={submit.busy}>{t('shell.lrf.login')}</Button>
        {provider && <a href={`/api/v1/auth/oidc/start?intent=login&next=${encodeURIComponent(next)}`}>{t('shell.lrf.withProvider', { name: provider })}</a>}
      </Stack>
    </form>
  );
}
