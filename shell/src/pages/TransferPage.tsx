// /static/transfer (spec §2 entry route, §1 permission transfer): the page the e-mailed link opens.
// It reads the offer for the signed-in account (a visitor who is not signed in logs in first and
// comes back here), and the receiver accepts or declines it. Accepting makes them the owner.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, type TransferItem } from '@airloom/contracts';
import { addResources, ApiError, Button, Row, Spinner } from '@airloom/shared-ui';
import { navigate } from '@airloom/shared-ui';
import { useLocation, useSearchParams } from '@airloom/shared-ui';
import { publicApi } from '../shell-context';
import { ActionLink } from './NotYetPage';
import { MessagePage } from './MessagePage';

// this page's texts come with its chunk, not with the login page
addResources('shell', {
  transfer: {
    offer: '{{from}} offers you the project {{project}}. If you accept, it becomes yours and {{from}} no longer has it; the people it is shared with keep their access. The offer is open until {{until}}.',
    accept: 'Accept the project',
    decline: 'Decline',
    accepted: '{{project}} is yours now. You find it in your project list.',
    declined: 'You declined {{project}}: it stays with {{from}}.',
    failed: 'The offer could not be read. Please try the link again.',
    toList: 'Go to the project list',
  },
});

type State =
  | { kind: 'loading' }
  | { kind: 'offer'; offer: TransferItem }
  | { kind: 'answered'; offer: TransferItem }
  | { kind: 'failed'; message: string };

export function TransferPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);

  useEffect(() => {
    let cancelled = false;
    publicApi.call(API.transfers.view, { params: { token } }).then(
      (offer) => { if (!cancelled) setState({ kind: 'offer', offer }); },
      (err: unknown) => {
        if (cancelled) return;
        // not signed in: log in (or sign up) first, then come back to this very link
        if (err instanceof ApiError && err.status === 401) {
          navigate(`/static/lrf?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`, { replace: true });
          return;
        }
        setState({ kind: 'failed', message: err instanceof ApiError ? err.message : t('shell.transfer.failed') });
      },
    );
    return () => { cancelled = true; };
  }, [token, location.pathname, location.search, t]);

  async function answer(kind: 'accept' | 'decline') {
    setBusy(kind);
    try {
      const offer = await publicApi.call(kind === 'accept' ? API.transfers.accept : API.transfers.decline, { params: { token } });
      setState({ kind: 'answered', offer });
    } catch (err) {
      setState({ kind: 'failed', message: err instanceof ApiError ? err.message : t('shell.transfer.failed') });
    } finally {
      setBusy(null);
    }
  }

  const back = <ActionLink to="/overview/list">{t('shell.transfer.toList')}</ActionLink>;
  return (
    <main>
      {state.kind === 'loading' && <Spinner />}
      {state.kind === 'failed' && <MessagePage role="alert" title={t('shell.transfer.title')} text={state.message} action={back} />}
      {state.kind === 'answered' && (
        <MessagePage
          title={t('shell.transfer.title')}
          text={t(state.offer.status === 'accepted' ? 'shell.transfer.accepted' : 'shell.transfer.declined', { project: state.offer.projectName, from: state.offer.from })}
          action={back}
        />
      )}
      {state.kind === 'offer' && (
        <MessagePage
          title={t('shell.transfer.title')}
          text={t('shell.transfer.offer', { project: state.offer.projectName, from: state.offer.from, until: new Date(state.offer.expiresAt).toLocaleString() })}
          action={
            <Row $gap="sm">
              <Button variant="primary" busy={busy === 'accept'} disabled={busy !== null} onClick={() => void answer('accept')}>
                {t('shell.transfer.accept')}
              </Button>
              <Button busy={busy === 'decline'} disabled={busy !== null} onClick={() => void answer('decline')}>
                {t('shell.transfer.decline')}
              </Button>
            </Row>
          }
        />
      )}
    </main>
  );
}
