// /static/wechatTransfer (spec §2 entry route; issue 16): where the console sends the browser after a
// sign-in provider answered — signed in (on to the page asked for), bound to the account, asked for
// the two-factor code (an account with two-factor sign-in: the challenge comes in the address's
// fragment, which the page then takes out of the address), or refused with the spec's
// binding-conflict code in a sentence.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OidcResultSchema } from '@airloom/contracts';
import { addResources } from '@airloom/shared-ui';
import { getLocation, navigate } from '@airloom/shared-ui';
import { useSearchParams } from '@airloom/shared-ui';
import { safeNextPath } from '../lrf/next-path';
import { TwoFactorStep } from '../lrf/TwoFactorStep';
import { ActionLink } from './NotYetPage';
import { MessagePage } from './MessagePage';

// this page's texts come with its chunk, not with the login page
addResources('shell', {
  signInResult: {
    title: 'Sign-in with your provider',
    bound: 'Your account now also signs in with your provider.',
    '138': 'This provider account is already bound to another Airloom account. Sign in to that account, or unbind it there first.',
    '142': 'Your account already has an account of this provider bound: unbind it in Account settings before binding another.',
    '158': 'No Airloom account is bound to this provider account. If you have one, sign in with your password and bind the provider in Account settings.',
    disabled: 'This account has been disabled by its company. Ask the company account to enable it again.',
    '161': 'The sign-in with your provider was not completed (cancelled, expired or not genuine). Please try again.',
    toAccount: 'Back to Account settings',
    toLogin: 'Back to the login page',
  },
});

/** the two-factor challenge in the address's fragment (`#challenge=…`), read once */
function challengeInAddress(): string | null {
  return new URLSearchParams(getLocation().hash.slice(1)).get('challenge');
}

export function SignInResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const parsed = OidcResultSchema.safeParse(params.get('result'));
  const [challenge] = useState(challengeInAddress);
  // a two-factor result without its challenge (a bookmark, a reload) cannot go on: not completed
  const result = !parsed.success || (parsed.data === 'two-factor' && !challenge) ? '161' : parsed.data;
  const next = params.get('next');
  useEffect(() => {
    if (result === 'signed-in') navigate(safeNextPath(next), { replace: true });
  }, [result, next]);
  useEffect(() => {
    // the challenge stays out of the history and of any copy of the address
    const here = getLocation();
    if (here.hash) navigate(`${here.pathname}${here.search}`, { replace: true });
  }, []);
  if (result === 'signed-in') return null;
  if (result === 'two-factor' && challenge) {
    return (
      <main>
        <TwoFactorStep challenge={challenge} onDone={() => navigate(safeNextPath(next), { replace: true })} onBack={() => navigate('/static/lrf', { replace: true })} />
      </main>
    );
  }
  const bind = result === 'bound' || result === '138' || result === '142';
  return (
    <main>
      <MessagePage
        role={result === 'bound' ? undefined : 'alert'}
        title={t('shell.signInResult.title')}
        text={t(`shell.signInResult.${result}`)}
        action={<ActionLink to={bind ? '/overview/account' : '/static/lrf'}>{t(bind ? 'shell.signInResult.toAccount' : 'shell.signInResult.toLogin')}</ActionLink>}
      />
    </main>
  );
}
