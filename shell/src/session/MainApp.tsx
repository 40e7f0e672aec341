// `/` and every other path (spec §2): the main application needs a session. GET /auth/me answers
// who is signed in; a 401 sends the user to /static/lrf?next=<this path>, so deep links survive. A
// session whose company requires two-factor sign-in it has not set up gets the setup step first.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '@airloom/contracts';
import { ApiError, Button, Spinner } from '@airloom/shared-ui';
import { loadRemotesList } from './remotes-list';
import { Layout } from '../layout/Layout';
import { MessagePage } from '../pages/MessagePage';
import { api, clientStorage } from '../shell-context';
import { shellStore, useShell } from '../state/shell-store';

const TwoFactorSetupPage = lazy(() => import('../pages/TwoFactorSetupPage').then((m) => ({ default: m.TwoFactorSetupPage })));

/** Set up: who is signed in, now without the requirement, and the console opens. */
async function setUpDone(): Promise<void> {
  try {
    shellStore.setState({ session: await api.call(API.auth.me) });
  } catch {
    window.location.reload();
  }
}

export function MainApp() {
  const { t } = useTranslation();
  const session = useShell((s) => s.session);
  const remotes = useShell((s) => s.remotes);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (session && remotes) return;
    let cancelled = false;
    setFailed(false);
    (async () => {
      try {
        const [me, list] = await Promise.all([
          session ? Promise.resolve(session) : api.call(API.auth.me),
          remotes ? Promise.resolve(remotes) : loadRemotesList(),
        ]);
        if (cancelled) return;
        // spec §3: last login account and nickname.
        clientStorage.setLastAccount(me.account);
        clientStorage.setLastNick(me.nick);
        shellStore.setState({ session: me, remotes: list });
      } catch (err) {
        if (cancelled) return;
        if (err instanceof ApiError && err.status === 401) return; // the client is taking us to the login page
        setFailed(true);
      }
    })();
    return () => { cancelled = true; };
  }, [attempt]);

  if (session?.twoFactorSetupRequired) {
    return <Suspense fallback={<Spinner label={t('shell.session.checking')} />}><TwoFactorSetupPage onDone={() => void setUpDone()} /></Suspense>;
  }
  if (session && remotes) return <Layout />;
  if (failed) {
    return (
      <main>
        <MessagePage
          role="alert"
          title={t('shell.session.failed')}
          text={t('shell.remote.failedText')}
          action={<Button variant="primary" onClick={() => setAttempt((a) => a + 1)}>{t('shell.session.retry')}</Button>}
        />
      </main>
    );
  }
  return (
    <main style={{ padding: 32 }}>
      <Spinner label={t('shell.session.checking')} />
    </main>
  );
}
