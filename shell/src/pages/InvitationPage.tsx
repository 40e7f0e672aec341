// /static/invitation: the page an invitation's link opens. An address nobody had signed up with was
// invited to a share of a project; once it has an account (a visitor who is not signed in logs in or
// signs up first and comes back here) it reads the invitation and accepts it.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, type InvitationItem } from '@airloom/contracts';
import { addResources, ApiError, Button, Spinner } from '@airloom/shared-ui';
import { navigate } from '@airloom/shared-ui';
import { useLocation, useSearchParams } from '@airloom/shared-ui';
import { publicApi } from '../shell-context';
import { ActionLink } from './NotYetPage';
import { MessagePage } from './MessagePage';

// this page's texts come with its chunk, not with the login page
addResources('shell', {
  invitation: {
    offer: '{{from}} invites you to the project {{project}}, {{permission}}, {{validity}}. The invitation is open until {{until}}.',
    permission: { r: 'read-only (you can look at it)', rw: 'read-write (you can manage its devices)' },
    permanent: 'with no end',
    hours_one: 'for {{count}} hour from when you accept',
    hours_other: 'for {{count}} hours from when you accept',
    accept: 'Accept the invitation',
    accepted: '{{project}} is shared with you now. You find it in your project list.',
    failed: 'The invitation could not be read. Please try the link again.',
    toList: 'Go to the project list',
  },
});

type State =
  | { kind: 'loading' }
  | { kind: 'invitation'; invitation: InvitationItem }
  | { kind: 'accepted'; invitation: InvitationItem }
  | { kind: 'failed'; message: string };

export function InvitationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    publicApi.call(API.invitations.view, { params: { invitation: token } }).then(
      (invitation) => { if (!cancelled) setState({ kind: 'invitation', invitation }); },
      (err: unknown) => {
        if (cancelled) return;
        // not signed in: log in (or sign up) first, then come back to this very link
        if (err instanceof ApiError && err.status === 401) {
          navigate(`/static/lrf?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`, { replace: true });
          return;
        }
        setState({ kind: 'failed', message: err instanceof ApiError ? err.message : t('shell.invitation.failed') });
      },
    );
    return () => { cancelled = true; };
  }, [token, location.pathname, location.search, t]);

  async function accept(invitation: InvitationItem) {
    setBusy(true);
    try {
      await publicApi.call(API.invitations.accept, { params: { invitation: token } });
      setState({ kind: 'accepted', invitation });
    } catch (err) {
      setState({ kind: 'failed', message: err instanceof ApiError ? err.message : t('shell.invitation.failed') });
    } finally {
      setBusy(false);
    }
  }

  const back = <ActionLink to="/overview/list">{t('shell.invitation.toList')}</ActionLink>;
  const title = t('shell.invitation.title');
  const validity = (i: InvitationItem) => (i.hours === null ? t('shell.invitation.permanent') : t('shell.invitation.hours', { count: i.hours }));
  return (
    <main>
      {state.kind === 'loading' && <Spinner />}
      {state.kind === 'failed' && <MessagePage role="alert" title={title} text={state.message} action={back} />}
      {state.kind === 'accepted' && (
        <MessagePage title={title} text={t('shell.invitation.accepted', { project: state.invitation.projectName })} action={back} />
      )}
      {state.kind === 'invitation' && (
        <MessagePage
          title={title}
          text={t('shell.invitation.offer', {
            from: state.invitation.from,
            project: state.invitation.projectName,
            permission: t(`shell.invitation.permission.${state.invitation.permission}`),
            validity: validity(state.invitation),
            until: new Date(state.invitation.expiresAt).toLocaleString(),
          })}
          action={
            <Button variant="primary" busy={busy} onClick={() => void accept(state.invitation)}>
              {t('shell.invitation.accept')}
            </Button>
          }
        />
      )}
    </main>
  );
}
